// JS library linked into the core module only (attn_core, attn_core_scalar).
// At start-up Embind registers a converter for every standard type; the
// core's functions take and return only numbers, booleans and
// emscripten::val (its messages are C strings, its seeds two 32-bit
// numbers), so the std::string / std::wstring converters and their
// UTF-16/UTF-32 code would be dead weight against the library's size budget.
// These stubs register nothing. A core binding that took or returned a
// string would fail at start-up with "unbound types", which the engine tests
// (web/engine/core/engine.test.ts) would catch at once. The evaluator module
// (attn_py) links without this file: it passes strings both ways.
//
// Nothing in the core throws a C++ exception except on exhausted memory
// (std::bad_alloc) or an impossible vector size (std::length_error), which
// the checked sizes rule out; the core module is built without catching, so
// such a throw could not be recovered from anyway. They abort the module
// here, with a message, instead of carrying the exception runtime's JS.
mergeInto(LibraryManager.library, {
  __cxa_allocate_exception__deps: [],
  __cxa_allocate_exception: function (size) { abort('C++ exception in the attention-lab core (out of memory?)'); },
  __cxa_throw__deps: [],
  __cxa_throw: function (ptr, type, destructor) { abort('C++ exception in the attention-lab core (out of memory?)'); },
  _embind_register_std_string__deps: [],
  _embind_register_std_string: function (rawType, name) {},
  _embind_register_std_wstring__deps: [],
  _embind_register_std_wstring: function (rawType, charSize, name) {},
});
