// Embind surface of the float module (attn_train, and attn_train_scalar built
// from the same sources without SIMD): the reading note's character models
// trained as the lecture trains them (cpp/src/train/trainer.hpp), and the
// float attention kernel (attn::attention_into, kernels_f32.cpp) in buffers
// JS writes through views. Loaded only by <attn-train>, inside its Web
// Worker, and by the tests and the bench (the kernel's figures); no page's
// first paint fetches it.
//
// Thin, like core.cpp: trainers are integer handles into a table (a stale or
// made-up handle gets a RangeError, never a wild pointer), every argument's
// range is checked here, run settings against train/settings.hpp's table
// (web/engine/train/train.js checks the same table, through settings.js, first,
// with full messages), errors are returned rather than thrown (see
// common.hpp), and every result is a fresh copy (a value object, a string or a typed
// array), never a view into the heap. Settings and results cross as Embind
// value objects (plain JS objects with these fields):
//   trainerNew(text, settings) -> handle (settings: train/settings.hpp's table, model, seedHi, seedLo, threads)
//   settings() -> Settings {settings: SettingRow[], defaults: ModelDefaults[]} (that table, Config::defaults)
//   trainerAdvance(h, maxSteps) -> Advance {step, lastLoss, badStep (-1: none), evals: Eval[]}
//   trainerGenerate(h, context, maxNewChars) -> string
//   trainerSample(h, context, maxNewChars, seedHi, seedLo) -> string (own generator untouched)
//   trainerAttention(h, snippet) -> Float32Array (T, T)
//   trainerAttentionMaps(h, snippet) -> Maps {layers, heads, T, weights Float32Array (layers, heads, T, T)}
//   trainerSpreads(h) -> Spreads {activation Float32Array (n_layer), gradient Float32Array (n_layer)}
//   trainerInfo(h) -> Info {step, iters, vocabSize, trainTokens, valTokens, parameters}
//   trainerVocab(h) -> string (the vocabulary's characters in id order)
//   trainerDelete(h) -> bool (and its decoders)
//   decoderNew(h, context, DecoderConfig) -> handle
//   decoderStep(d) -> Step {window Int32Array, probs Float32Array, attention Float32Array, chosen,
//                           slid, compared, diff, recompute Ops, cached Ops}
//   decoderDelete(d) -> bool
//   attentionF32New(T, S, dK, dV) -> handle; attentionF32View(h, which) -> Float32Array view;
//   attentionF32Run(h, scale, causal) -> true; attentionF32Delete(h) -> bool
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "train/advance.hpp"
#include "train/generate.hpp"
#include "train/settings.hpp"
#include "train/trainer.hpp"

using emscripten::val;
using attn_bind::copy_out;
using attn_bind::range_error;
using attn_bind::Lit;
using attn_bind::Table;
using attn_bind::scale_of;
using attn_bind::seed_of;

namespace {

struct Eval {
  int step = 0;
  double train = 0;
  double val = 0;
};

struct Advance {
  int step = 0;
  double lastLoss = 0;
  int badStep = -1;  // the step whose loss was not finite (-1: none)
  val evals = val::array();  // {Eval[]}
};

struct Info {
  int step = 0;
  int iters = 0;
  int vocabSize = 0;
  int trainTokens = 0;
  int valTokens = 0;
  double parameters = 0;
};

// decoderNew's settings: cache 0 off | 1 rebuild | 2 naive (train/generate.hpp CacheMode);
// temperature and topK shape a sampled step (train/generate.hpp Sampling).
struct DecoderConfig {
  int cache = 0;
  bool greedy = true;
  double temperature = 1;
  int topK = 0;
  unsigned seedHi = 0;
  unsigned seedLo = 0;
};

// Multiply-adds of one generation step, by part (counted by the engine).
struct Ops {
  double qkv = 0;
  double scores = 0;
  double weighted = 0;
  double ffwd = 0;  // block models: the heads' output projection and the feed-forward
  double lmHead = 0;
};

// One step of generation (train/generate.hpp's StepResult).
struct Step {
  val window = val::undefined();      // {Int32Array} ids the model saw: the last block at most, at positions 0..T-1
  val probs = val::undefined();       // {Float32Array} the distribution the choice came from, by id: softmax(logits / temperature) over the topK largest
  val modelProbs = val::undefined();  // {Float32Array} softmax of the model's logits, when temperature or topK changed it (else empty)
  val attention = val::undefined();   // {Float32Array} head model: the newest position's attention weights over the window (empty otherwise)
  int chosen = 0;
  bool slid = false;        // the sequence is longer than block: the window has moved
  bool compared = false;    // both ways ran (cache 'naive'): diff is the logits' largest difference
  double diff = 0;
  double cacheFloats = 0;   // keys and values the cache holds after the step (2 × layers × T × n_embd floats); 0 with the cache off
  Ops recompute;
  Ops cached;
};

// Attention weights (layers, heads, T, T), rows queries, columns keys, row-major.
struct Maps {
  int layers = 0;
  int heads = 0;
  int T = 0;
  val weights = val::undefined();  // {Float32Array} (layers, heads, T, T)
};

// Per layer: the population standard deviation of its output and of the loss gradient at that output.
struct Spreads {
  val activation = val::undefined();  // {Float32Array} (n_layer)
  val gradient = val::undefined();    // {Float32Array} (n_layer)
};

// Trainers owned by JS through integer handles.
Table<attn::train::Trainer> trainers;

attn::train::Trainer* get(int h) { return trainers.get(h); }

val bad_handle() { return range_error("no such trainer (deleted?)"); }

val error_of(const char* type, const std::exception& e) { return val::global(type).new_(val(std::string(e.what()))); }

// Ranges: cpp/src/limits.hpp (web/engine/train/train.js checks the same, with full messages).
using Lim = attn::limits::Train;
// Threads a run may use: this build's (attn_train_mt is built with -pthread).
#ifdef __EMSCRIPTEN_PTHREADS__
constexpr int kMaxThreads = Lim::max_threads;
#else
constexpr int kMaxThreads = 1;
#endif
constexpr const char* kThreadsMessage = attn_bind::text<Lit("threads must be in [1, "), kMaxThreads, Lit("] in this build")>;
constexpr const char* kGenerateMessage = attn_bind::text<Lit("maxNewChars must be in [0, "), Lim::max_generate, Lit("]")>;

// What an error of trainerNew carries besides its message, for JS to classify
// it without reading the message: code "range" (a setting out of its range:
// setting, min, max), "text" (the text: not UTF-8, too short, too many
// characters for the model), "settings" (settings that do not fit together)
// or "memory".
struct ErrorInfo {
  std::string code;
  std::string setting;
  double min = 0;
  double max = 0;
};

val coded(const val& error, const ErrorInfo& info) { return val::global("Object").call<val>("assign", error, val(info)); }
val coded(const val& error, const char* code) { return coded(error, ErrorInfo{code, "", 0, 0}); }
val setting_error(const std::string& message, const char* setting, double min, double max) {
  return coded(range_error(message.c_str()), ErrorInfo{"range", setting, min, max});
}

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A setting's message: "nEmbd must be in [1, 256]", "dropout must be in [0, 1)".
std::string setting_message(const attn::train::Setting& s) {
  using attn::train::SettingKind;
  if (s.kind == SettingKind::Float) return std::string(s.name) + " must be a positive finite float32";
  return std::string(s.name) + " must be in [" + number_text(s.min) + ", " + number_text(s.max) +
         (s.kind == SettingKind::Double ? ")" : "]");
}

// trainerNew(text, settings) -> handle, or a RangeError with a code (above).
// settings: {model (ModelKind's index), seedHi, seedLo, threads} and every
// setting of train/settings.hpp's table, each a number.
// @param {Record<string, number>} settings
// @returns {number | RangeError}
val js_trainer_new(const std::string& text, const val& settings) {
  using attn::train::kSettings;
  const auto number = [&](const char* name, double& out) {
    const val v = settings[name];
    if (!v.isNumber()) return false;
    out = v.as<double>();
    return true;
  };
  double model = 0;
  double seed_hi = 0;
  double seed_lo = 0;
  double threads = 1;
  if (!number("model", model) || !(model >= 0 && model <= static_cast<int>(attn::train::ModelKind::Gpt)) ||
      model != static_cast<int>(model))
    return setting_error(
        "model must be 0 (bigram), 1 (position), 2 (head), 3 (multihead), 4 (ffwd), 5 (blocks), 6 (residual), 7 (layernorm) or 8 (gpt)",
        "model", 0, static_cast<int>(attn::train::ModelKind::Gpt));
  auto config = attn::train::Config::defaults(static_cast<attn::train::ModelKind>(static_cast<int>(model)));
  for (const attn::train::Setting& s : kSettings) {
    double v = 0;
    if (!number(s.name, v) || !attn::train::setting_ok(s, v)) return setting_error(setting_message(s), s.name, s.min, s.max);
    attn::train::set_setting(s, config, v);
  }
  if (!number("threads", threads) || !(threads >= 1 && threads <= kMaxThreads) || threads != static_cast<int>(threads))
    return setting_error(kThreadsMessage, "threads", 1, kMaxThreads);
  if (!number("seedHi", seed_hi) || !number("seedLo", seed_lo))
    return setting_error("seedHi and seedLo must be numbers", "seed", 0, 0);
  config.seed = seed_of(static_cast<unsigned>(seed_hi), static_cast<unsigned>(seed_lo));
  config.threads = static_cast<int>(threads);
  try {
    return val(trainers.add(std::make_unique<attn::train::Trainer>(attn::train::Dataset::from_text(text, config.block), config)));
  } catch (const std::bad_alloc&) {
    return coded(range_error("out of memory"), "memory");
  } catch (const attn::train::TextError& e) {
    return coded(error_of("RangeError", e), "text");
  } catch (const std::exception& e) {
    return coded(error_of("RangeError", e), "settings");
  }
}

// settings() -> Settings: train/settings.hpp's table and Config::defaults(model)
// for every model, for scripts/gen-train-settings.mjs.
struct SettingRow {
  std::string name;
  std::string script;
  std::string kind;
  std::string group;
  val models = val::array();  // {string[]} the names of the models that read it, in ModelKind's order
  double min = 0;
  double max = 0;
  double elementMin = 0;
  double elementMax = 0;
};
struct ModelDefaults {
  std::string model;
  std::string seed;
  val values = val::undefined();  // {Float64Array} every setting's default, in the table's order
};
struct Settings {
  val settings = val::array();  // {SettingRow[]}
  val defaults = val::array();  // {ModelDefaults[]} in ModelKind's order
};

// @returns {Settings}
val js_settings() {
  using namespace attn::train;
  Settings out;
  const char* kinds[] = {"int", "float", "double"};
  const char* groups[] = {"run", "size"};
  for (const Setting& s : kSettings) {
    val models = val::array();
    for (int m = 0; m <= static_cast<int>(ModelKind::Gpt); ++m)
      if (reads(s, static_cast<ModelKind>(m))) models.call<void>("push", std::string(kModelNames[m]));
    out.settings.call<void>("push", SettingRow{s.name, s.script, kinds[static_cast<int>(s.kind)],
                                               groups[static_cast<int>(s.group)], models, s.min, s.max, s.element_min,
                                               s.element_max});
  }
  for (int m = 0; m <= static_cast<int>(ModelKind::Gpt); ++m) {
    const Config c = Config::defaults(static_cast<ModelKind>(m));
    std::vector<double> values;
    for (const Setting& s : kSettings) values.push_back(setting_value(s, c));
    out.defaults.call<void>("push", ModelDefaults{kModelNames[m], std::to_string(c.seed), copy_out(values)});
  }
  return val(out);
}

// trainerAdvance(h, maxSteps): up to maxSteps training steps (fewer at the
// end of the run, or at the first non-finite loss), each preceded by its
// evaluation when step % evalInterval == 0 (train/advance.hpp).
// @returns {Advance | RangeError}
val js_trainer_advance(int h, int max_steps) {
  attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  if (max_steps < 1 || max_steps > Lim::max_advance)
    return range_error(attn_bind::text<Lit("maxSteps must be in [1, "), Lim::max_advance, Lit("]")>);
  const attn::train::Advanced a = attn::train::advance_steps(*t, max_steps);
  Advance out{a.step, a.last_loss, a.bad_step};
  for (const attn::train::Eval& e : a.evals) out.evals.call<void>("push", Eval{e.step, e.train_loss, e.val_loss});
  return val(out);
}

// trainerGenerate(h, context, maxNewChars) -> the new text (context "" starts from token 0)
// @returns {string | RangeError}
val js_trainer_generate(int h, const std::string& context, int max_new) {
  attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  if (max_new < 0 || max_new > Lim::max_generate) return range_error(kGenerateMessage);
  try {
    return val(t->generate(context, max_new));
  } catch (const std::exception& e) {
    return error_of("RangeError", e);
  }
}

// trainerSample(h, context, maxNewChars, seedHi, seedLo) -> the new text, drawn
// from a generator seeded with seed; the run's own generator is untouched
// @returns {string | RangeError}
val js_trainer_sample(int h, const std::string& context, int max_new, unsigned seed_hi, unsigned seed_lo) {
  attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  if (max_new < 0 || max_new > Lim::max_generate) return range_error(kGenerateMessage);
  try {
    return val(t->sample(context, max_new, seed_of(seed_hi, seed_lo)));
  } catch (const std::exception& e) {
    return error_of("RangeError", e);
  }
}

// trainerAttentionMaps(h, snippet) -> Maps: every head of every layer (eval mode)
// @returns {Maps | RangeError}
val js_trainer_attention_maps(int h, const std::string& snippet) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  try {
    const attn::train::AttentionMaps m = t->attention_maps(snippet);
    return val(Maps{m.layers, m.heads, m.T, copy_out(m.weights)});
  } catch (const std::exception& e) {
    return error_of("RangeError", e);
  }
}

// trainerSpreads(h) -> Spreads at the last training step (empty arrays before it, or for a model without blocks)
// @returns {Spreads | RangeError}
val js_trainer_spreads(int h) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  std::vector<float> a, g;
  for (const attn::train::LayerSpread& s : t->layer_spreads()) {
    a.push_back(s.activation);
    g.push_back(s.gradient);
  }
  return val(Spreads{copy_out(a), copy_out(g)});
}

// trainerAttention(h, snippet) -> Float32Array (T, T), rows queries, columns keys
// @returns {Float32Array | RangeError}
val js_trainer_attention(int h, const std::string& snippet) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  try {
    return copy_out(t->attention(snippet));
  } catch (const std::exception& e) {
    return error_of("RangeError", e);
  }
}

// trainerInfo(h) -> Info
// @returns {Info | RangeError}
val js_trainer_info(int h) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  const auto& d = t->data();
  return val(Info{t->step(), t->config().iters, static_cast<int>(d.vocab.size()), static_cast<int>(d.train.size()),
                  static_cast<int>(d.val.size()), static_cast<double>(t->parameter_count())});
}

// trainerVocab(h) -> the vocabulary, one character per id, as text
// @returns {string | RangeError}
val js_trainer_vocab(int h) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  std::vector<std::int32_t> ids(t->data().vocab.size());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<std::int32_t>(i);
  return val(t->data().decode(ids));
}

// Decoders (train/generate.hpp) point into their trainer: each remembers its
// trainer's handle and goes when the trainer does.
struct DecoderSlot {
  int trainer = 0;
  std::unique_ptr<attn::train::Decoder> decoder;
};
Table<DecoderSlot> decoders;

bool js_trainer_delete(int h) {
  if (!get(h)) return false;
  decoders.remove_if([h](const DecoderSlot& d) { return d.trainer == h; });
  return trainers.remove(h);
}

// decoderNew(h, context, DecoderConfig) -> handle, or a RangeError (a
// character outside the vocabulary)
// @returns {number | RangeError}
val js_decoder_new(int h, const std::string& context, const DecoderConfig& c) {
  const attn::train::Trainer* t = get(h);
  if (!t) return bad_handle();
  if (c.cache < 0 || c.cache > 2) return range_error("cache must be 0 (off), 1 (rebuild) or 2 (naive)");
  using L = attn::limits::Train;
  static_assert(L::min_temperature == 0.05 && L::max_temperature == 5, "the message below quotes the limits");
  if (!(c.temperature >= L::min_temperature && c.temperature <= L::max_temperature))
    return range_error("temperature must be a number from 0.05 to 5");
  if (c.topK < 0 || c.topK > L::max_top_k)
    return range_error(attn_bind::text<Lit("topK must be a whole number from 0 to "), L::max_top_k>);
  if (context.size() > 4 * static_cast<std::size_t>(attn::limits::TrainElement::max_generate_context))
    return range_error(attn_bind::text<Lit("the context is longer than "), attn::limits::TrainElement::max_generate_context,
                                       Lit(" characters")>);
  try {
    auto d = std::make_unique<attn::train::Decoder>(*t, context, static_cast<attn::train::CacheMode>(c.cache), c.greedy,
                                                    seed_of(c.seedHi, c.seedLo),
                                                    attn::train::Sampling{static_cast<float>(c.temperature), c.topK});
    return val(decoders.add(std::make_unique<DecoderSlot>(DecoderSlot{h, std::move(d)})));
  } catch (const std::bad_alloc&) {
    return range_error("out of memory");
  } catch (const std::exception& e) {
    return error_of("RangeError", e);
  }
}

attn::train::Decoder* get_decoder(int d) {
  const DecoderSlot* slot = decoders.get(d);
  return slot ? slot->decoder.get() : nullptr;
}

Ops ops_of(const attn::train::StepOps& o) {
  return {static_cast<double>(o.qkv), static_cast<double>(o.scores), static_cast<double>(o.weighted),
          static_cast<double>(o.ffwd), static_cast<double>(o.lm_head)};
}

// decoderStep(d) -> one step's result (copies)
// @returns {Step | RangeError}
val js_decoder_step(int d) {
  attn::train::Decoder* dec = get_decoder(d);
  if (!dec) return range_error("no such decoder (deleted?)");
  if (dec->sequence().size() - dec->context_length() >=
      static_cast<std::size_t>(attn::limits::TrainElement::max_generate_steps))
    return range_error(attn_bind::text<Lit("at most "), attn::limits::TrainElement::max_generate_steps,
                                       Lit(" steps from one context")>);
  const attn::train::StepResult r = dec->step();
  const val window = val::global("Int32Array").new_(emscripten::typed_memory_view(r.window.size(), r.window.data()));
  return val(Step{window, copy_out(r.probs), copy_out(r.model_probs), copy_out(r.attention), r.chosen, r.slid, r.compared, r.diff,
                  static_cast<double>(r.cache_floats), ops_of(r.recompute), ops_of(r.cached)});
}

bool js_decoder_delete(int d) { return decoders.remove(d); }

// limits() -> {train, attention}: cpp/src/limits.hpp's areas this module checks
struct LimitsJs {
  attn_bind::limits_js::Train train;
  attn_bind::limits_js::Attention attention;
};
LimitsJs js_limits() { return {}; }
// The threads a run may use in this build: max_threads with -pthread, else 1.
int js_max_threads() { return kMaxThreads; }

// ---- Float attention in buffers that live as long as the handle ---------
//   q: (T, dK), k: (S, dK), v: (S, dV) written by JS through views;
//   run -> scores (T, S), weights (T, S), output (T, dV).
struct AttentionF32 {
  struct Free {
    void operator()(float* p) const { std::free(p); }
  };
  std::size_t T, S, dk, dv;
  std::size_t offset[7];                // q, k, v, scores, weights, output, end (in floats)
  std::unique_ptr<float[], Free> data;  // one allocation for all six matrices
  float* buf(int i) const { return data.get() + offset[i]; }
  // The matrix's own length (the padding after it is not part of the view).
  std::size_t size(int i) const {
    const std::size_t n[6] = {T * dk, S * dk, S * dv, T * S, T * S, T * dv};
    return n[i];
  }
};
Table<AttentionF32> attention_table;

// Every matrix starts on a 64-byte boundary: the kernel's 4-float loads then
// never straddle a cache line at a row that a shifted base would split (with
// malloc's 8-byte alignment the same call ran up to ~40 % slower, depending
// on where the heap happened to put the buffer).
constexpr std::size_t kAlignFloats = 16;

// attentionF32New(T, S, dK, dV) -> handle
// @returns {number | RangeError}
val js_attention_new(int T, int S, int dk, int dv) {
  if (!attn_bind::shape_ok(T, S, dk, dv)) return range_error(attn_bind::kShapeMessage);
  auto a = std::make_unique<AttentionF32>();
  a->T = T, a->S = S, a->dk = dk, a->dv = dv;
  const std::size_t sizes[6] = {a->T * a->dk, a->S * a->dk, a->S * a->dv, a->T * a->S, a->T * a->S, a->T * a->dv};
  a->offset[0] = 0;
  for (int i = 0; i < 6; ++i)
    a->offset[i + 1] = a->offset[i] + (sizes[i] + kAlignFloats - 1) / kAlignFloats * kAlignFloats;
  const std::size_t bytes = a->offset[6] * sizeof(float);
  float* p = static_cast<float*>(std::aligned_alloc(kAlignFloats * sizeof(float), bytes));
  if (!p) return range_error("out of memory");
  std::memset(p, 0, bytes);
  a->data.reset(p);
  return val(attention_table.add(std::move(a)));
}

// attentionF32View(h, which) -> Float32Array view (0 q, 1 k, 2 v, 3 scores, 4 weights, 5 output)
// @returns {Float32Array | RangeError}
val js_attention_view(int h, int which) {
  AttentionF32* a = attention_table.get(h);
  if (!a) return range_error("no such object (deleted?)");
  if (which < 0 || which > 5) return range_error("view must be 0..5");
  return val(emscripten::typed_memory_view(a->size(which), a->buf(which)));
}

// attentionF32Run(h, scale, causal) -> true, or a RangeError (scale: 0 none, 1 sqrt, 2 dk)
// @returns {true | RangeError}
val js_attention_run(int h, int scale, bool causal) {
  AttentionF32* a = attention_table.get(h);
  if (!a) return range_error("no such object (deleted?)");
  attn::AttentionOptions opt;
  if (!scale_of(scale, opt.scale)) return range_error("scale must be 0 (none), 1 (sqrt) or 2 (dk)");
  opt.causal = causal;
  attn::attention_into(a->buf(0), a->buf(1), a->buf(2), a->T, a->S, a->dk, a->dv, opt, a->buf(3), a->buf(4),
                       a->buf(5));
  return val(true);
}

bool js_attention_delete(int h) { return attention_table.remove(h); }


}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_train) {
  using namespace emscripten;
  value_object<ErrorInfo>("ErrorInfo")
      .field("code", &ErrorInfo::code)
      .field("setting", &ErrorInfo::setting)
      .field("min", &ErrorInfo::min)
      .field("max", &ErrorInfo::max);
  value_object<SettingRow>("SettingRow")
      .field("name", &SettingRow::name)
      .field("script", &SettingRow::script)
      .field("kind", &SettingRow::kind)
      .field("group", &SettingRow::group)
      .field("models", &SettingRow::models)
      .field("min", &SettingRow::min)
      .field("max", &SettingRow::max)
      .field("elementMin", &SettingRow::elementMin)
      .field("elementMax", &SettingRow::elementMax);
  value_object<ModelDefaults>("ModelDefaults")
      .field("model", &ModelDefaults::model)
      .field("seed", &ModelDefaults::seed)
      .field("values", &ModelDefaults::values);
  value_object<Settings>("Settings").field("settings", &Settings::settings).field("defaults", &Settings::defaults);
  value_object<Eval>("Eval").field("step", &Eval::step).field("train", &Eval::train).field("val", &Eval::val);
  value_object<Advance>("Advance")
      .field("step", &Advance::step)
      .field("lastLoss", &Advance::lastLoss)
      .field("badStep", &Advance::badStep)
      .field("evals", &Advance::evals);
  value_object<Info>("Info")
      .field("step", &Info::step)
      .field("iters", &Info::iters)
      .field("vocabSize", &Info::vocabSize)
      .field("trainTokens", &Info::trainTokens)
      .field("valTokens", &Info::valTokens)
      .field("parameters", &Info::parameters);
  value_object<DecoderConfig>("DecoderConfig")
      .field("cache", &DecoderConfig::cache)
      .field("greedy", &DecoderConfig::greedy)
      .field("temperature", &DecoderConfig::temperature)
      .field("topK", &DecoderConfig::topK)
      .field("seedHi", &DecoderConfig::seedHi)
      .field("seedLo", &DecoderConfig::seedLo);
  value_object<Ops>("Ops")
      .field("qkv", &Ops::qkv)
      .field("scores", &Ops::scores)
      .field("weighted", &Ops::weighted)
      .field("ffwd", &Ops::ffwd)
      .field("lmHead", &Ops::lmHead);
  value_object<Maps>("Maps")
      .field("layers", &Maps::layers)
      .field("heads", &Maps::heads)
      .field("T", &Maps::T)
      .field("weights", &Maps::weights);
  value_object<Spreads>("Spreads").field("activation", &Spreads::activation).field("gradient", &Spreads::gradient);
  value_object<Step>("Step")
      .field("window", &Step::window)
      .field("probs", &Step::probs)
      .field("modelProbs", &Step::modelProbs)
      .field("attention", &Step::attention)
      .field("chosen", &Step::chosen)
      .field("slid", &Step::slid)
      .field("compared", &Step::compared)
      .field("diff", &Step::diff)
      .field("cacheFloats", &Step::cacheFloats)
      .field("recompute", &Step::recompute)
      .field("cached", &Step::cached);
  function("version", &attn_bind::version);
  function("trainerNew", &js_trainer_new);
  function("settings", &js_settings);
  function("trainerAdvance", &js_trainer_advance);
  function("trainerGenerate", &js_trainer_generate);
  function("trainerSample", &js_trainer_sample);
  function("trainerAttention", &js_trainer_attention);
  function("trainerAttentionMaps", &js_trainer_attention_maps);
  function("trainerSpreads", &js_trainer_spreads);
  function("trainerInfo", &js_trainer_info);
  function("trainerVocab", &js_trainer_vocab);
  function("trainerDelete", &js_trainer_delete);
  function("decoderNew", &js_decoder_new);
  function("decoderStep", &js_decoder_step);
  function("decoderDelete", &js_decoder_delete);
  function("attentionF32New", &js_attention_new);
  function("attentionF32View", &js_attention_view);
  function("attentionF32Run", &js_attention_run);
  function("attentionF32Delete", &js_attention_delete);
  function("heapStats", &attn_bind::heap_stats);
  attn_bind::limits_js::register_train();
  attn_bind::limits_js::register_attention();
  value_object<LimitsJs>("Limits")
      .field("train", &LimitsJs::train)
      .field("attention", &LimitsJs::attention);
  function("limits", &js_limits);
  function("maxThreads", &js_max_threads);
}
