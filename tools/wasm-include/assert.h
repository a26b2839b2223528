/* C11's static_assert macro, which tree-sitter-language's assert.h lacks (the C++ grammar's
   scanner uses it). */
#include_next <assert.h>
#ifndef static_assert
#define static_assert _Static_assert
#endif
