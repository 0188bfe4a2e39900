#pragma once
// Options and results of typed shaping (see shape.hpp).

#include <laminate/coerce.hpp>
#include <laminate/diagnostic.hpp>
#include <laminate/extract.hpp>
#include <laminate/mode.hpp>
#include <laminate/parse.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate {

// A Mode, a ModePolicy or a DynamicMode: `{.mode = Mode::Strict}`.
struct ModeSetting {
    ModePolicy policy = policy_for(Mode::Lenient);
    constexpr ModeSetting() noexcept = default;
    constexpr ModeSetting(Mode mode) noexcept : policy(policy_for(mode)) {}
    constexpr ModeSetting(ModePolicy p) noexcept : policy(p) {}
    constexpr ModeSetting(DynamicMode mode) noexcept : policy(mode.policy()) {}
};

// Where diagnostics go once shaping succeeded. Only `collect` fills Shaped::diagnostics.
class DiagnosticSink {
public:
    enum class Kind : unsigned char { Collect, Drop, Forward };

    // Into Shaped::diagnostics (the default).
    static DiagnosticSink collect() { return DiagnosticSink(Kind::Collect, Risk::Info, {}); }
    // Nowhere.
    static DiagnosticSink drop() { return DiagnosticSink(Kind::Drop, Risk::Info, {}); }
    // Each diagnostic at or above `at` to the callback, in order.
    static DiagnosticSink forward(Risk at, std::function<void(const Diagnostic&)> callback) {
        return DiagnosticSink(Kind::Forward, at, std::move(callback));
    }
    // Each diagnostic at or above `at` printed on its own line ("[info] $.x: ...").
    static DiagnosticSink print(std::ostream& os, Risk at = Risk::Info);

    Kind kind() const noexcept { return kind_; }
    // Delivers `diagnostics`; returns what is left for Shaped::diagnostics.
    Diagnostics deliver(Diagnostics diagnostics) const;

private:
    DiagnosticSink(Kind kind, Risk at, std::function<void(const Diagnostic&)> callback)
        : kind_(kind), at_(at), callback_(std::move(callback)) {}
    Kind kind_ = Kind::Collect;
    Risk at_ = Risk::Info;
    std::function<void(const Diagnostic&)> callback_;
};

struct ShapeOptions {
    ModeSetting mode = Mode::Lenient;
    // Fail (risk_exceeded) when any diagnostic, repairs included, is at or above this risk.
    std::optional<Risk> fail_at = std::nullopt;
    DiagnosticSink sink = DiagnosticSink::collect();
    // Receives every field error when shaping fails (the returned Error summarizes them).
    std::vector<Error>* field_errors = nullptr;
    std::span<const std::string_view> null_sentinels = default_null_sentinels();
    // For from_json / from_llm_response. `repair` is also switched off by a policy without
    // syntax repair (Strict).
    ParseOptions parse = {};
    ExtractOptions extract = {};
    // from_llm_response: the tool whose arguments the target is. A tool-call envelope around the
    // answer ({"name": ..., "arguments": ...}) whose arguments are shaped instead must name it;
    // a call to another tool is an error. Empty: any name (the text must outlive the call).
    std::string_view expected_tool = {};
};

// risk_exceeded naming the first diagnostic at or above `limit`, or nothing.
std::optional<Error> require_below(const Diagnostics& diagnostics, Risk limit);

// The customization point for a type laminate cannot reflect, or one with its own JSON form:
//
//   template <> struct laminate::Shaper<Money> {
//       static laminate::Result<Money> from_value(const laminate::Value& v, const laminate::CoerceContext& ctx);
//       static laminate::Value to_value(const Money& m);
//   };
//
// from_value reads at ctx.level and records its liberties in ctx.diagnostics at ctx.path (the
// coerce_* functions do both); its error becomes the field's error. A specialization takes
// precedence over every built-in treatment of T.
template <class T>
struct Shaper {
    using laminate_primary_template = void; // marks "not specialized"
};

namespace shape_detail {
template <class T>
concept has_shaper = !requires { typename Shaper<T>::laminate_primary_template; };
}

} // namespace laminate
