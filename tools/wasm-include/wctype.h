/* tree-sitter-language's wctype.h lacks wchar_t, which glibc's brings along and the C++ grammar's
   scanner expects from it. */
#include_next <wctype.h>
#include <wchar.h>
