//! The confinement of the python3 processes that run programs.
//!
//! A program in a results file is anyone's code. On Linux each python3 process (the harness's fork
//! server, `harness.py`) starts
//! - in a network namespace of its own: no interface but a loopback that is down;
//! - in a pid namespace of its own: it is the namespace's first process, so that whatever a run
//!   starts ends with the run, and nothing outside can be seen or signalled;
//! - under a Landlock ruleset: files are read only in Python's own folders and the system's
//!   libraries, written only in a private folder, only Python itself is executed, no TCP
//!   connection or port, no signal or abstract socket outside the sandbox.
//!
//! Namespaces need root or user namespaces (made here when not root); Landlock a kernel of 5.13 or
//! later (TCP rules 6.7, signal scoping 6.12). What the kernel refuses is left out, the rest
//! still holds, and the harness adds its own walls to every run (an audit hook, resource limits,
//! a process group). [`Held::describe`] says what held; every run report carries it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The python3 that runs programs, and the private folder its runs write in.
pub struct Sandbox {
    python: Python,
    folder: tempfile::TempDir,
}

/// What the python3 in use is, as it says itself.
struct Python {
    executable: PathBuf,
    /// Where its standard library is (`sys.base_prefix` and `sys.base_exec_prefix`).
    prefixes: Vec<PathBuf>,
}

/// Which confinement the kernel granted a python3 process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub network_namespace: bool,
    pub pid_namespace: bool,
    /// The Landlock ABI enforced (0: none).
    pub landlock: u8,
}

impl Held {
    /// In words, for run reports: `network namespace, pid namespace, Landlock 7 (...)`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.network_namespace {
            parts.push("network namespace".to_owned());
        }
        if self.pid_namespace {
            parts.push("pid namespace".to_owned());
        }
        if self.landlock > 0 {
            let mut rules = vec!["files"];
            if self.landlock >= 4 {
                rules.push("TCP");
            }
            if self.landlock >= 6 {
                rules.push("signals");
            }
            parts.push(format!("Landlock {} ({})", self.landlock, rules.join(", ")));
        }
        parts.push("audit hook and resource limits per run".to_owned());
        parts.join(", ")
    }
}

impl Sandbox {
    /// Asks `python` where it lives (it runs our own one-line query, unconfined) and makes the
    /// private folder.
    pub fn new(python: &Path) -> Result<Sandbox, String> {
        let output = Command::new(python)
            .args([
                "-I",
                "-S",
                "-c",
                "import sys; print(sys.executable); print(sys.base_prefix); print(sys.base_exec_prefix)",
            ])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|e| format!("cannot start {}: {e}", python.display()))?;
        let text = String::from_utf8_lossy(&output.stdout);
        let mut lines = text.lines().map(PathBuf::from);
        let executable = lines
            .next()
            .filter(|p| p.is_absolute())
            .ok_or_else(|| format!("{} did not say where it is (is it Python 3?)", python.display()))?;
        let executable = executable.canonicalize().unwrap_or(executable);
        let prefixes = lines.filter_map(|p| p.canonicalize().ok()).collect();
        let folder = tempfile::Builder::new()
            .prefix("exerscope-runs-")
            .tempdir()
            .map_err(|e| format!("cannot make a private folder for runs: {e}"))?;
        Ok(Sandbox { python: Python { executable, prefixes }, folder })
    }

    /// The private folder runs write in (removed with the sandbox).
    pub fn folder(&self) -> &Path {
        self.folder.path()
    }

    /// Starts `python args…` confined; returns the child and what held.
    pub fn spawn(&self, args: &[&str], stdin: Stdio, stdout: Stdio) -> Result<(std::process::Child, Held), String> {
        let mut command = Command::new(&self.python.executable);
        command.args(args).stdin(stdin).stdout(stdout).stderr(Stdio::null());
        command.env_clear().env("HOME", self.folder()).env("TMPDIR", self.folder()).current_dir(self.folder());
        let (mut told, telling) = std::io::pipe().map_err(|e| format!("cannot make a pipe: {e}"))?;
        confine(&mut command, self, telling)?;
        let child = command.spawn().map_err(|e| format!("cannot start {}: {e}", self.python.executable.display()))?;
        // The started process wrote what held before it became python3; `command` still holds
        // the writing end until it is dropped.
        drop(command);
        let mut bytes = [0u8; 3];
        let held = match told.read_exact(&mut bytes) {
            Ok(()) => Held { network_namespace: bytes[0] == 1, pid_namespace: bytes[1] == 1, landlock: bytes[2] },
            Err(_) => Held::default(),
        };
        Ok((child, held))
    }
}

#[cfg(target_os = "linux")]
fn confine(command: &mut Command, sandbox: &Sandbox, telling: std::io::PipeWriter) -> Result<(), String> {
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;

    let mut ruleset = Some(linux::ruleset(sandbox).map_err(|e| format!("cannot prepare the Landlock rules: {e}"))?);
    let maps = linux::IdMaps::of_current_user();
    let telling_fd = telling.as_raw_fd();
    // Everything the closure uses was made before the fork: after it, only system calls.
    unsafe {
        command.pre_exec(move || {
            let _keep = &telling;
            let namespaces = linux::enter_namespaces(&maps);
            // Dies with the command-line tool, whatever ends it.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            let landlock = ruleset.take().map_or(0, linux::restrict_self);
            let told = [u8::from(namespaces.0), u8::from(namespaces.1), landlock];
            libc::write(telling_fd, told.as_ptr().cast(), told.len());
            Ok(())
        });
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn confine(_command: &mut Command, _sandbox: &Sandbox, _telling: std::io::PipeWriter) -> Result<(), String> {
    // No kernel confinement here: the harness's audit hook and resource limits are the walls.
    Ok(())
}

#[cfg(target_os = "linux")]
mod linux {
    use super::Sandbox;
    use landlock::{
        path_beneath_rules, Access, AccessFs, AccessNet, BitFlags, PathBeneath, PathFd, Ruleset, RulesetAttr,
        RulesetCreated, RulesetCreatedAttr, RulesetError, Scope, ABI,
    };
    use std::ffi::CString;

    /// The newest Landlock ABI asked for; older kernels enforce what they know.
    const ABI_WANTED: ABI = ABI::V6;

    /// Folders whose files Python may read: its own, and the system's libraries.
    const SYSTEM_FOLDERS: &[&str] = &["/usr", "/lib", "/lib64", "/etc/ld.so.cache", "/etc/localtime"];

    pub fn ruleset(sandbox: &Sandbox) -> Result<RulesetCreated, RulesetError> {
        let read = AccessFs::ReadFile | AccessFs::ReadDir;
        let mut readable: Vec<&std::path::Path> = sandbox.python.prefixes.iter().map(|p| p.as_path()).collect();
        readable.extend(SYSTEM_FOLDERS.iter().map(std::path::Path::new).filter(|p| p.exists()));
        let mut ruleset = Ruleset::default()
            .handle_access(AccessFs::from_all(ABI_WANTED))?
            .handle_access(AccessNet::from_all(ABI_WANTED))?
            .scope(Scope::AbstractUnixSocket | Scope::Signal)?
            .create()?
            .add_rules(path_beneath_rules(readable, read))?
            .add_rules(path_beneath_rules([sandbox.folder()], AccessFs::from_all(ABI_WANTED)))?
            .add_rules(path_beneath_rules(["/dev/null"], AccessFs::ReadFile | AccessFs::WriteFile))?;
        let executables = [Some(sandbox.python.executable.clone()), loader_of(&sandbox.python.executable)];
        for executable in executables.into_iter().flatten() {
            if let Ok(file) = PathFd::new(executable) {
                let access: BitFlags<AccessFs> = AccessFs::Execute | AccessFs::ReadFile;
                ruleset = ruleset.add_rule(PathBeneath::new(file, access))?;
            }
        }
        Ok(ruleset)
    }

    /// The dynamic loader an executable names (its ELF interpreter): the kernel executes it too.
    fn loader_of(executable: &std::path::Path) -> Option<std::path::PathBuf> {
        let bytes = std::fs::read(executable).ok()?;
        let loader = goblin::elf::Elf::parse(&bytes).ok()?.interpreter?;
        std::path::Path::new(loader).canonicalize().ok()
    }

    /// Enforces the ruleset on the process about to become python3; the ABI enforced, or 0.
    pub fn restrict_self(ruleset: RulesetCreated) -> u8 {
        match ruleset.restrict_self() {
            Ok(status) => match status.landlock {
                landlock::LandlockStatus::Available { effective_abi, .. }
                    if status.ruleset != landlock::RulesetStatus::NotEnforced =>
                {
                    (effective_abi.min(ABI_WANTED)) as u8
                }
                _ => 0,
            },
            Err(_) => 0,
        }
    }

    /// What makes a user namespace usable to a user other than root: its user and group ids
    /// mapped to themselves.
    pub struct IdMaps {
        is_root: bool,
        uid_map: CString,
        gid_map: CString,
    }

    impl IdMaps {
        pub fn of_current_user() -> IdMaps {
            let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
            IdMaps {
                is_root: uid == 0,
                uid_map: CString::new(format!("{uid} {uid} 1")).expect("digits"),
                gid_map: CString::new(format!("{gid} {gid} 1")).expect("digits"),
            }
        }
    }

    /// Enters new network and pid namespaces (through a user namespace when not root); which
    /// of the two held. Async-signal-safe: system calls on data made before the fork.
    pub fn enter_namespaces(maps: &IdMaps) -> (bool, bool) {
        unsafe {
            if !maps.is_root {
                if libc::unshare(libc::CLONE_NEWUSER) != 0 {
                    return (false, false);
                }
                write_file(c"/proc/self/setgroups", c"deny");
                write_file(c"/proc/self/uid_map", &maps.uid_map);
                write_file(c"/proc/self/gid_map", &maps.gid_map);
            }
            (libc::unshare(libc::CLONE_NEWNET) == 0, libc::unshare(libc::CLONE_NEWPID) == 0)
        }
    }

    unsafe fn write_file(path: &std::ffi::CStr, text: &std::ffi::CStr) {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd >= 0 {
            libc::write(fd, text.as_ptr().cast(), text.to_bytes().len());
            libc::close(fd);
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn what_held_is_told_in_words() {
        let all = Held { network_namespace: true, pid_namespace: true, landlock: 6 };
        assert_eq!(
            all.describe(),
            "network namespace, pid namespace, Landlock 6 (files, TCP, signals), audit hook and resource limits per run"
        );
        assert_eq!(Held::default().describe(), "audit hook and resource limits per run");
    }

    #[test]
    fn a_confined_python_reads_its_library_and_nothing_it_should_not() {
        let sandbox = Sandbox::new(Path::new("python3")).unwrap();
        let probe = "import os, socket\n\
            out = []\n\
            try:\n    open('/etc/hostname').read(); out.append('read')\nexcept OSError: out.append('no read')\n\
            try:\n    open('/tmp/exerscope-escape', 'w'); out.append('wrote')\nexcept OSError: out.append('no write')\n\
            open('mine.txt', 'w').write('x'); out.append('own folder')\n\
            try:\n    socket.create_connection(('127.0.0.1', 9), 1); out.append('connected')\nexcept OSError: out.append('no network')\n\
            try:\n    os.system('true'); out.append('ran ' + str(os.system('true')))\nexcept OSError: out.append('no exec')\n\
            print(','.join(out))";
        let (child, held) = sandbox.spawn(&["-I", "-S", "-c", probe], Stdio::null(), Stdio::piped()).unwrap();
        let output = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        if held.landlock == 0 {
            eprintln!("no Landlock on this kernel: {said}");
            return;
        }
        assert!(said.starts_with("no read,no write,own folder,no network,ran "), "{said} ({held:?})");
        assert_ne!(said.trim(), "ran 0", "a shell cannot start");
        assert!(!Path::new("/tmp/exerscope-escape").exists());
    }
}
