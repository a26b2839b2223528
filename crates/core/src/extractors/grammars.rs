//! Every language exerscope parses, declared once: its tree-sitter grammar and the node kinds that
//! play a [`Role`]. Adding a language is one entry in [`GRAMMARS`] (and its crate in Cargo.toml).
//!
//! Python and Java are always compiled in. The other languages of CRUXEval-X come with the
//! `all-grammars` feature (the command line; in the browser, a second module loaded only when a
//! drop holds them: their parse tables weigh some 30 MB). Racket's grammar knows only lists and
//! symbols, and Perl's crate does not build for the browser: both are measured by their lines.

use super::syntax::{Grammar, Role};
use crate::table::Language;

/// The grammars compiled into this build.
pub const GRAMMARS: &[Grammar] = &[
    PYTHON,
    JAVA,
    #[cfg(feature = "all-grammars")]
    JAVASCRIPT,
    #[cfg(feature = "all-grammars")]
    TYPESCRIPT,
    #[cfg(feature = "all-grammars")]
    GO,
    #[cfg(feature = "all-grammars")]
    RUST,
    #[cfg(feature = "all-grammars")]
    CPP,
    #[cfg(feature = "all-grammars")]
    CSHARP,
    #[cfg(feature = "all-grammars")]
    PHP,
    #[cfg(feature = "all-grammars")]
    RUBY,
    #[cfg(feature = "all-grammars")]
    SHELL,
    #[cfg(feature = "all-grammars")]
    LUA,
    #[cfg(feature = "all-grammars")]
    SCALA,
    #[cfg(feature = "all-grammars")]
    JULIA,
    #[cfg(feature = "all-grammars")]
    SWIFT,
    #[cfg(feature = "all-grammars")]
    R,
    #[cfg(feature = "all-grammars")]
    D,
];

const PYTHON: Grammar = Grammar {
    language: Language::Python,
    tree_sitter: tree_sitter_python::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement"]),
        (Role::WhileLoop, &["while_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElifClause, &["elif_clause"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Block, &["block"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["except_clause"]),
        (Role::With, &["with_statement"]),
        (Role::Switch, &["match_statement"]),
        (Role::Case, &["case_clause"]),
        (Role::Function, &["function_definition"]),
        (Role::Lambda, &["lambda"]),
        (Role::Class, &["class_definition"]),
        (Role::Call, &["call"]),
        (Role::BooleanOperator, &["boolean_operator"]),
        (Role::BinaryOperator, &["binary_operator"]),
        (Role::Ternary, &["conditional_expression"]),
        (
            Role::Comprehension,
            &["list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression"],
        ),
        (Role::Yield, &["yield"]),
        (Role::Raise, &["raise_statement"]),
        (Role::Assert, &["assert_statement"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Slice, &["slice"]),
        (Role::Interpolation, &["interpolation"]),
        (Role::Attribute, &["attribute"]),
        (Role::ComprehensionFor, &["for_in_clause"]),
        (Role::ComprehensionIf, &["if_clause"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "return_statement",
        "pass_statement",
        "break_statement",
        "continue_statement",
        "raise_statement",
        "assert_statement",
        "import_statement",
        "import_from_statement",
        "future_import_statement",
        "global_statement",
        "nonlocal_statement",
        "delete_statement",
        "print_statement",
        "exec_statement",
        "type_alias_statement",
        "if_statement",
        "for_statement",
        "while_statement",
        "try_statement",
        "with_statement",
        "match_statement",
        "function_definition",
        "class_definition",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

const JAVA: Grammar = Grammar {
    language: Language::Java,
    tree_sitter: tree_sitter_java::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement", "enhanced_for_statement"]),
        (Role::WhileLoop, &["while_statement", "do_statement"]),
        (Role::If, &["if_statement"]),
        (Role::Block, &["block"]),
        (Role::Try, &["try_statement", "try_with_resources_statement"]),
        (Role::Except, &["catch_clause"]),
        (Role::Switch, &["switch_expression"]),
        (Role::Case, &["switch_label"]),
        (Role::Function, &["method_declaration", "constructor_declaration", "compact_constructor_declaration"]),
        (Role::Lambda, &["lambda_expression"]),
        (Role::Class, &["class_declaration", "interface_declaration", "enum_declaration", "record_declaration"]),
        (Role::Call, &["method_invocation", "object_creation_expression", "explicit_constructor_invocation"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Ternary, &["ternary_expression"]),
        (Role::Raise, &["throw_statement"]),
        (Role::Assert, &["assert_statement"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Comment, &["line_comment", "block_comment"]),
    ],
    statements: &[
        "expression_statement",
        "local_variable_declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "enhanced_for_statement",
        "while_statement",
        "do_statement",
        "try_statement",
        "try_with_resources_statement",
        "switch_expression",
        "break_statement",
        "continue_statement",
        "throw_statement",
        "yield_statement",
        "assert_statement",
        "synchronized_statement",
        "labeled_statement",
        "explicit_constructor_invocation",
        "method_declaration",
        "constructor_declaration",
        "class_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

/// JavaScript and TypeScript share their node kinds (TypeScript's grammar extends JavaScript's).
#[cfg(feature = "all-grammars")]
const ECMASCRIPT_ROLES: &[(Role, &[&str])] = &[
    (Role::ForLoop, &["for_statement", "for_in_statement"]),
    (Role::WhileLoop, &["while_statement", "do_statement"]),
    (Role::If, &["if_statement"]),
    (Role::ElseClause, &["else_clause"]),
    (Role::Block, &["statement_block"]),
    (Role::Try, &["try_statement"]),
    (Role::Except, &["catch_clause"]),
    (Role::Switch, &["switch_statement"]),
    (Role::Case, &["switch_case"]),
    (
        Role::Function,
        &[
            "function_declaration",
            "generator_function_declaration",
            "function_expression",
            "generator_function",
            "method_definition",
        ],
    ),
    (Role::Lambda, &["arrow_function"]),
    (Role::Class, &["class_declaration", "class", "abstract_class_declaration"]),
    (Role::Call, &["call_expression", "new_expression"]),
    (Role::BinaryOperator, &["binary_expression"]),
    (Role::Ternary, &["ternary_expression"]),
    (Role::Yield, &["yield_expression"]),
    (Role::Raise, &["throw_statement"]),
    (Role::Break, &["break_statement"]),
    (Role::Continue, &["continue_statement"]),
    (Role::Interpolation, &["template_substitution"]),
    (Role::Comment, &["comment", "html_comment"]),
];

#[cfg(feature = "all-grammars")]
const ECMASCRIPT_STATEMENTS: &[&str] = &[
    "expression_statement",
    "lexical_declaration",
    "variable_declaration",
    "return_statement",
    "if_statement",
    "for_statement",
    "for_in_statement",
    "while_statement",
    "do_statement",
    "try_statement",
    "switch_statement",
    "break_statement",
    "continue_statement",
    "throw_statement",
    "labeled_statement",
    "debugger_statement",
    "with_statement",
    "import_statement",
    "export_statement",
    "function_declaration",
    "generator_function_declaration",
    "class_declaration",
    "abstract_class_declaration",
];

#[cfg(feature = "all-grammars")]
const JAVASCRIPT: Grammar = Grammar {
    language: Language::JavaScript,
    tree_sitter: tree_sitter_javascript::LANGUAGE,
    roles: ECMASCRIPT_ROLES,
    statements: ECMASCRIPT_STATEMENTS,
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const TYPESCRIPT: Grammar = Grammar {
    language: Language::TypeScript,
    tree_sitter: tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
    roles: ECMASCRIPT_ROLES,
    statements: ECMASCRIPT_STATEMENTS,
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const GO: Grammar = Grammar {
    language: Language::Go,
    tree_sitter: tree_sitter_go::LANGUAGE,
    roles: &[
        // Go's one loop, `for`, is also its `while` (`for cond { }`).
        (Role::ForLoop, &["for_statement"]),
        (Role::If, &["if_statement"]),
        (Role::Block, &["block"]),
        (Role::Switch, &["expression_switch_statement", "type_switch_statement", "select_statement"]),
        (Role::Case, &["expression_case", "type_case", "communication_case"]),
        (Role::Function, &["function_declaration", "method_declaration"]),
        (Role::Lambda, &["func_literal"]),
        (Role::Call, &["call_expression"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Slice, &["slice_expression"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "short_var_declaration",
        "assignment_statement",
        "inc_statement",
        "dec_statement",
        "var_declaration",
        "const_declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "type_switch_statement",
        "select_statement",
        "break_statement",
        "continue_statement",
        "go_statement",
        "defer_statement",
        "goto_statement",
        "labeled_statement",
        "fallthrough_statement",
        "send_statement",
        "function_declaration",
        "method_declaration",
        "type_declaration",
        "import_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const RUST: Grammar = Grammar {
    language: Language::Rust,
    tree_sitter: tree_sitter_rust::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_expression"]),
        (Role::WhileLoop, &["while_expression", "loop_expression"]),
        (Role::If, &["if_expression"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Block, &["block"]),
        (Role::Switch, &["match_expression"]),
        (Role::Case, &["match_arm"]),
        (Role::Function, &["function_item"]),
        (Role::Lambda, &["closure_expression"]),
        (Role::Class, &["struct_item", "enum_item", "trait_item"]),
        (Role::Call, &["call_expression", "macro_invocation"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Yield, &["yield_expression"]),
        (Role::Break, &["break_expression"]),
        (Role::Continue, &["continue_expression"]),
        (Role::Comment, &["line_comment", "block_comment"]),
    ],
    statements: &[
        "expression_statement",
        "let_declaration",
        "function_item",
        "struct_item",
        "enum_item",
        "impl_item",
        "trait_item",
        "use_declaration",
        "const_item",
        "static_item",
        "mod_item",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const CPP: Grammar = Grammar {
    language: Language::Cpp,
    tree_sitter: tree_sitter_cpp::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement", "for_range_loop"]),
        (Role::WhileLoop, &["while_statement", "do_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Block, &["compound_statement"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["catch_clause"]),
        (Role::Switch, &["switch_statement"]),
        (Role::Case, &["case_statement"]),
        (Role::Function, &["function_definition"]),
        (Role::Lambda, &["lambda_expression"]),
        (Role::Class, &["class_specifier", "struct_specifier"]),
        (Role::Call, &["call_expression", "new_expression"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Ternary, &["conditional_expression"]),
        (Role::Yield, &["co_yield_statement"]),
        (Role::Raise, &["throw_statement"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "for_range_loop",
        "while_statement",
        "do_statement",
        "switch_statement",
        "break_statement",
        "continue_statement",
        "try_statement",
        "throw_statement",
        "goto_statement",
        "labeled_statement",
        "co_return_statement",
        "co_yield_statement",
        "function_definition",
        "alias_declaration",
        "type_definition",
        "using_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const CSHARP: Grammar = Grammar {
    language: Language::CSharp,
    tree_sitter: tree_sitter_c_sharp::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement", "foreach_statement"]),
        (Role::WhileLoop, &["while_statement", "do_statement"]),
        (Role::If, &["if_statement"]),
        (Role::Block, &["block"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["catch_clause"]),
        // C#'s `using (…) { }` is Python's `with`.
        (Role::With, &["using_statement"]),
        (Role::Switch, &["switch_statement", "switch_expression"]),
        (Role::Case, &["switch_section", "switch_expression_arm"]),
        (Role::Function, &["method_declaration", "constructor_declaration", "local_function_statement"]),
        (Role::Lambda, &["lambda_expression", "anonymous_method_expression"]),
        (Role::Class, &["class_declaration", "struct_declaration", "record_declaration", "interface_declaration"]),
        (Role::Call, &["invocation_expression", "object_creation_expression"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Ternary, &["conditional_expression"]),
        (Role::Yield, &["yield_statement"]),
        (Role::Raise, &["throw_statement", "throw_expression"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Interpolation, &["interpolation"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "local_declaration_statement",
        "return_statement",
        "if_statement",
        "for_statement",
        "foreach_statement",
        "while_statement",
        "do_statement",
        "switch_statement",
        "break_statement",
        "continue_statement",
        "throw_statement",
        "try_statement",
        "using_statement",
        "yield_statement",
        "lock_statement",
        "goto_statement",
        "labeled_statement",
        "checked_statement",
        "fixed_statement",
        "unsafe_statement",
        "local_function_statement",
        "method_declaration",
        "constructor_declaration",
        "class_declaration",
        "using_directive",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const PHP: Grammar = Grammar {
    language: Language::Php,
    tree_sitter: tree_sitter_php::LANGUAGE_PHP,
    roles: &[
        (Role::ForLoop, &["for_statement", "foreach_statement"]),
        (Role::WhileLoop, &["while_statement", "do_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElifClause, &["else_if_clause"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Block, &["compound_statement", "colon_block"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["catch_clause"]),
        (Role::Switch, &["switch_statement", "match_expression"]),
        (Role::Case, &["case_statement", "match_conditional_expression"]),
        (Role::Function, &["function_definition", "method_declaration"]),
        (Role::Lambda, &["anonymous_function", "arrow_function"]),
        (Role::Class, &["class_declaration"]),
        (
            Role::Call,
            &[
                "function_call_expression",
                "member_call_expression",
                "scoped_call_expression",
                "nullsafe_member_call_expression",
                "object_creation_expression",
            ],
        ),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Ternary, &["conditional_expression"]),
        (Role::Yield, &["yield_expression"]),
        (Role::Raise, &["throw_expression"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "return_statement",
        "echo_statement",
        "if_statement",
        "for_statement",
        "foreach_statement",
        "while_statement",
        "do_statement",
        "switch_statement",
        "break_statement",
        "continue_statement",
        "try_statement",
        "unset_statement",
        "global_declaration",
        "function_static_declaration",
        "goto_statement",
        "named_label_statement",
        "declare_statement",
        "exit_statement",
        "function_definition",
        "class_declaration",
        "const_declaration",
        "namespace_definition",
        "namespace_use_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const RUBY: Grammar = Grammar {
    language: Language::Ruby,
    tree_sitter: tree_sitter_ruby::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for"]),
        (Role::WhileLoop, &["while", "until", "while_modifier", "until_modifier"]),
        (Role::If, &["if", "unless", "if_modifier", "unless_modifier"]),
        (Role::ElifClause, &["elsif"]),
        (Role::ElseClause, &["else"]),
        (Role::Try, &["begin"]),
        (Role::Except, &["rescue", "rescue_modifier"]),
        (Role::Switch, &["case", "case_match"]),
        (Role::Case, &["when", "in_clause"]),
        (Role::Function, &["method", "singleton_method"]),
        (Role::Lambda, &["lambda"]),
        (Role::Class, &["class", "module", "singleton_class"]),
        (Role::Call, &["call"]),
        (Role::BinaryOperator, &["binary"]),
        (Role::Ternary, &["conditional"]),
        (Role::Yield, &["yield"]),
        (Role::Break, &["break"]),
        (Role::Continue, &["next"]),
        (Role::Interpolation, &["interpolation"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[],
    statement_holders: &["program", "body_statement", "then", "else", "do", "block_body", "begin", "ensure"],
    loop_methods: &[
        "each",
        "each_with_index",
        "each_with_object",
        "each_char",
        "each_pair",
        "each_key",
        "each_value",
        "each_index",
        "each_slice",
        "each_cons",
        "times",
        "upto",
        "downto",
        "step",
        "loop",
    ],
};

#[cfg(feature = "all-grammars")]
const SHELL: Grammar = Grammar {
    language: Language::Shell,
    tree_sitter: tree_sitter_bash::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement", "c_style_for_statement"]),
        (Role::WhileLoop, &["while_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElifClause, &["elif_clause"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Block, &["compound_statement", "do_group"]),
        (Role::Switch, &["case_statement"]),
        (Role::Case, &["case_item"]),
        (Role::Function, &["function_definition"]),
        (Role::Call, &["command"]),
        // `a && b` between commands (a list) and inside `[[ ]]`.
        (Role::BinaryOperator, &["binary_expression", "list"]),
        (Role::Ternary, &["ternary_expression"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "command",
        "variable_assignment",
        "declaration_command",
        "unset_command",
        "test_command",
        "if_statement",
        "for_statement",
        "c_style_for_statement",
        "while_statement",
        "case_statement",
        "function_definition",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const LUA: Grammar = Grammar {
    language: Language::Lua,
    tree_sitter: tree_sitter_lua::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement"]),
        (Role::WhileLoop, &["while_statement", "repeat_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElifClause, &["elseif_statement"]),
        (Role::ElseClause, &["else_statement"]),
        (Role::Block, &["block"]),
        (Role::Function, &["function_declaration"]),
        (Role::Lambda, &["function_definition"]),
        (Role::Call, &["function_call"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Break, &["break_statement"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "assignment_statement",
        "variable_declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "while_statement",
        "repeat_statement",
        "do_statement",
        "break_statement",
        "goto_statement",
        "label_statement",
        "function_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const SCALA: Grammar = Grammar {
    language: Language::Scala,
    tree_sitter: tree_sitter_scala::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_expression"]),
        (Role::WhileLoop, &["while_expression", "do_while_expression"]),
        (Role::If, &["if_expression"]),
        (Role::Block, &["block", "indented_block"]),
        (Role::Try, &["try_expression"]),
        (Role::Except, &["catch_clause"]),
        (Role::Switch, &["match_expression"]),
        (Role::Case, &["case_clause"]),
        (Role::Function, &["function_definition"]),
        (Role::Lambda, &["lambda_expression"]),
        (Role::Class, &["class_definition", "trait_definition"]),
        (Role::Call, &["call_expression", "instance_expression"]),
        (Role::BinaryOperator, &["infix_expression"]),
        (Role::Raise, &["throw_expression"]),
        (Role::Interpolation, &["interpolation"]),
        (Role::Comment, &["comment", "block_comment"]),
    ],
    statements: &[],
    statement_holders: &["compilation_unit", "block", "indented_block", "template_body"],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const JULIA: Grammar = Grammar {
    language: Language::Julia,
    tree_sitter: tree_sitter_julia::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement"]),
        (Role::WhileLoop, &["while_statement"]),
        (Role::If, &["if_statement"]),
        (Role::ElifClause, &["elseif_clause"]),
        (Role::ElseClause, &["else_clause"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["catch_clause"]),
        (Role::Function, &["function_definition"]),
        (Role::Lambda, &["arrow_function_expression"]),
        (Role::Class, &["struct_definition"]),
        (Role::Call, &["call_expression", "broadcast_call_expression", "macrocall_expression"]),
        (Role::BinaryOperator, &["binary_expression"]),
        (Role::Ternary, &["ternary_expression"]),
        (Role::Comprehension, &["comprehension_expression"]),
        (Role::ComprehensionFor, &["for_clause"]),
        (Role::ComprehensionIf, &["if_clause"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Interpolation, &["string_interpolation"]),
        (Role::Comment, &["line_comment", "block_comment"]),
    ],
    statements: &[],
    statement_holders: &[
        "source_file",
        "function_definition",
        "if_statement",
        "elseif_clause",
        "else_clause",
        "for_statement",
        "while_statement",
        "try_statement",
        "catch_clause",
        "compound_statement",
        "let_statement",
    ],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const SWIFT: Grammar = Grammar {
    language: Language::Swift,
    tree_sitter: tree_sitter_swift::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement"]),
        (Role::WhileLoop, &["while_statement", "repeat_while_statement"]),
        (Role::If, &["if_statement", "guard_statement"]),
        (Role::Block, &["statements"]),
        (Role::Try, &["do_statement"]),
        (Role::Except, &["catch_block"]),
        (Role::Switch, &["switch_statement"]),
        (Role::Case, &["switch_entry"]),
        (Role::Function, &["function_declaration"]),
        (Role::Lambda, &["lambda_literal"]),
        (Role::Class, &["class_declaration", "protocol_declaration"]),
        (Role::Call, &["call_expression", "constructor_expression"]),
        (Role::BooleanOperator, &["conjunction_expression", "disjunction_expression"]),
        (Role::Ternary, &["ternary_expression"]),
        // `return`, `break`, `continue` and `throw` are one kind of statement in this grammar.
        (Role::Raise, &["throw_keyword"]),
        (Role::Interpolation, &["interpolated_expression"]),
        (Role::Comment, &["comment", "multiline_comment"]),
    ],
    statements: &[],
    statement_holders: &["statements", "source_file"],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const R: Grammar = Grammar {
    language: Language::R,
    tree_sitter: tree_sitter_r::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement"]),
        (Role::WhileLoop, &["while_statement", "repeat_statement"]),
        (Role::If, &["if_statement"]),
        (Role::Block, &["braced_expression"]),
        (Role::Function, &["function_definition"]),
        (Role::Call, &["call"]),
        (Role::BinaryOperator, &["binary_operator"]),
        (Role::Break, &["break"]),
        (Role::Continue, &["next"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[],
    statement_holders: &["program", "braced_expression"],
    loop_methods: &[],
};

#[cfg(feature = "all-grammars")]
const D: Grammar = Grammar {
    language: Language::D,
    tree_sitter: tree_sitter_d::LANGUAGE,
    roles: &[
        (Role::ForLoop, &["for_statement", "foreach_statement"]),
        (Role::WhileLoop, &["while_statement", "do_statement"]),
        (Role::If, &["if_statement"]),
        (Role::Block, &["block_statement"]),
        (Role::Try, &["try_statement"]),
        (Role::Except, &["catch_statement"]),
        (Role::Switch, &["switch_statement", "final_switch_statement"]),
        (Role::Case, &["case_statement"]),
        (Role::Function, &["function_declaration"]),
        (Role::Lambda, &["function_literal"]),
        (Role::Class, &["class_declaration", "struct_declaration"]),
        (Role::Call, &["call_expression", "new_expression"]),
        (Role::BooleanOperator, &["logical_and_expression", "logical_or_expression"]),
        (Role::Ternary, &["ternary_expression"]),
        (Role::Raise, &["throw_expression"]),
        (Role::Assert, &["assert_expression"]),
        (Role::Break, &["break_statement"]),
        (Role::Continue, &["continue_statement"]),
        (Role::Comment, &["comment"]),
    ],
    statements: &[
        "expression_statement",
        "variable_declaration",
        "auto_declaration",
        "return_statement",
        "if_statement",
        "for_statement",
        "foreach_statement",
        "while_statement",
        "do_statement",
        "switch_statement",
        "final_switch_statement",
        "break_statement",
        "continue_statement",
        "try_statement",
        "scope_guard_statement",
        "goto_statement",
        "function_declaration",
        "class_declaration",
        "struct_declaration",
        "import_declaration",
    ],
    statement_holders: &[],
    loop_methods: &[],
};

/// The grammar compiled into this build for `language`, if any.
pub fn grammar_of(language: Language) -> Option<&'static Grammar> {
    GRAMMARS.iter().find(|g| g.language == language)
}

#[cfg(all(test, feature = "all-grammars"))]
mod tests {
    use super::*;
    use crate::extractors::ProgramParser;

    #[test]
    fn every_kind_named_is_a_kind_of_its_grammar() {
        for grammar in GRAMMARS {
            let tree_sitter = tree_sitter_c2rust::Language::from(grammar.tree_sitter);
            let kinds: Vec<&str> = (0..tree_sitter.node_kind_count() as u16)
                .filter(|&id| tree_sitter.node_kind_is_named(id))
                .filter_map(|id| tree_sitter.node_kind_for_id(id))
                .collect();
            let named = grammar.roles.iter().flat_map(|(_, k)| k.iter());
            let named = named.chain(grammar.statements).chain(grammar.statement_holders);
            let unknown: Vec<_> = named.filter(|k| !kinds.contains(k)).collect();
            // TypeScript's table is JavaScript's, whose `abstract_class_declaration` is TypeScript's own.
            let unknown: Vec<_> = unknown.into_iter().filter(|k| **k != "abstract_class_declaration").collect();
            assert!(unknown.is_empty(), "{:?}: {unknown:?}", grammar.language);
        }
    }

    #[test]
    fn a_grammar_for_every_language_that_has_one() {
        for language in Language::ALL {
            assert_eq!(grammar_of(language).is_some(), language.has_grammar(), "{language:?}");
        }
    }

    /// One function per language: a loop over `xs` holding `if … && … else if …`. McCabe: 1 +
    /// loop + if + else-if + `&&` = 5.
    #[test]
    fn each_language_finds_its_loop_branches_and_boolean_operator() {
        let programs = [
            (Language::JavaScript, "function f(xs) { for (const x of xs) { if (x > 1 && x < 5) { return 1; } else if (x == 0) { return 2; } } return 0; }"),
            (Language::TypeScript, "function f(xs: number[]): number { for (const x of xs) { if (x > 1 && x < 5) { return 1; } else if (x == 0) { return 2; } } return 0; }"),
            (Language::Go, "package main\nfunc f(xs []int) int {\n\tfor _, x := range xs {\n\t\tif x > 1 && x < 5 {\n\t\t\treturn 1\n\t\t} else if x == 0 {\n\t\t\treturn 2\n\t\t}\n\t}\n\treturn 0\n}\n"),
            (Language::Rust, "fn f(xs: Vec<i64>) -> i64 { for x in xs { if x > 1 && x < 5 { return 1; } else if x == 0 { return 2; } } 0 }"),
            (Language::Cpp, "int f(std::vector<int> xs) { for (int x : xs) { if (x > 1 && x < 5) { return 1; } else if (x == 0) { return 2; } } return 0; }"),
            (Language::CSharp, "class P { static int f(int[] xs) { foreach (var x in xs) { if (x > 1 && x < 5) { return 1; } else if (x == 0) { return 2; } } return 0; } }"),
            (Language::Php, "<?php\nfunction f($xs) { foreach ($xs as $x) { if ($x > 1 && $x < 5) { return 1; } elseif ($x == 0) { return 2; } } return 0; }"),
            (Language::Ruby, "def f(xs)\n  xs.each do |x|\n    if x > 1 && x < 5\n      return 1\n    elsif x == 0\n      return 2\n    end\n  end\n  0\nend\n"),
            (Language::Shell, "f() {\n  for x in $1; do\n    if [[ $x -gt 1 && $x -lt 5 ]]; then\n      echo 1\n    elif [[ $x -eq 0 ]]; then\n      echo 2\n    fi\n  done\n}\n"),
            (Language::Lua, "function f(xs)\n  for _, x in ipairs(xs) do\n    if x > 1 and x < 5 then\n      return 1\n    elseif x == 0 then\n      return 2\n    end\n  end\n  return 0\nend\n"),
            (Language::Scala, "object P {\n  def f(xs: List[Int]): Int = {\n    for (x <- xs) {\n      if (x > 1 && x < 5) { return 1 } else if (x == 0) { return 2 }\n    }\n    0\n  }\n}\n"),
            (Language::Julia, "function f(xs)\n    for x in xs\n        if x > 1 && x < 5\n            return 1\n        elseif x == 0\n            return 2\n        end\n    end\n    return 0\nend\n"),
            (Language::Swift, "func f(xs: [Int]) -> Int {\n    for x in xs {\n        if x > 1 && x < 5 {\n            return 1\n        } else if x == 0 {\n            return 2\n        }\n    }\n    return 0\n}\n"),
            (Language::R, "f <- function(xs) {\n  for (x in xs) {\n    if (x > 1 && x < 5) {\n      return(1)\n    } else if (x == 0) {\n      return(2)\n    }\n  }\n  return(0)\n}\n"),
            (Language::D, "long f(long[] xs) {\n    foreach (x; xs) {\n        if (x > 1 && x < 5) {\n            return 1;\n        } else if (x == 0) {\n            return 2;\n        }\n    }\n    return 0;\n}\n"),
        ];
        let mut parser = ProgramParser::new();
        let mut wrong = Vec::new();
        for (language, code) in programs {
            let found = parser.extract(code, language).unwrap();
            let names = found.constructs.names();
            let expected = ["if", "for", "elif_chain"];
            let missing: Vec<_> = expected.iter().filter(|c| !names.contains(c)).collect();
            let extra: Vec<_> = names.iter().filter(|c| ["nested_if", "nested_loop", "while"].contains(c)).collect();
            let m = found.metrics;
            if !missing.is_empty()
                || !extra.is_empty()
                || m.mccabe_max != 5
                || m.max_nesting != 2
                || found.syntax_error_line.is_some()
            {
                wrong.push(format!(
                    "{language:?}: missing {missing:?}, extra {extra:?}, {m:?}, error {:?}",
                    found.syntax_error_line
                ));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
