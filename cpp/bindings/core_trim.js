// JS library linked into the core module only (attn_core, attn_core_scalar).
// At start-up Embind registers a converter for every standard type; the
// core's functions take and return only numbers, booleans and
// emscripten::val (its messages are C strings, its seeds two 32-bit
// numbers), so the std::string / std::wstring converters and their
// UTF-16/UTF-32 code would be dead weight against the library's size budget.
// These stubs register nothing. A core binding that took or returned a
// string would fail at start-up with "unbound types", which the engine tests
// (web/engine/engine.test.ts) would catch at once. The evaluator module
// (attn_py) links without this file: it passes strings both ways.
mergeInto(LibraryManager.library, {
  _embind_register_std_string__deps: [],
  _embind_register_std_string: function (rawType, name) {},
  _embind_register_std_wstring__deps: [],
  _embind_register_std_wstring: function (rawType, charSize, name) {},
});
