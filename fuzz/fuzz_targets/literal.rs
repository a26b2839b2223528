#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| exerscope_core::fuzzing::literal(data));
