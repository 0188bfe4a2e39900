#pragma once
// laminate::lm::SchemaProgram — a program whose output is described by a JSON Schema known at run
// time instead of a C++ type: what `laminate run --schema OUT.json` uses, and what a service that
// loads its contracts from files can use.
//
//   auto schema = laminate::parse(R"({"type": "object", ...})");              // or a file
//   auto program = laminate::lm::SchemaProgram::create(provider, schema->value,
//                                                      "Extract the invoice.");
//   laminate::Value input = laminate::Value::object();
//   input.set("text", laminate::Value("Invoice R-17 ..."));
//   auto answer = program->run(input);
//   if (answer) std::cout << answer->dump() << '\n';
//
// Semantics: exactly Program<Sig>'s (program.hpp) — the same requests, strategies, dialects,
// pipeline (finish reason, extraction, shaping and validation against the original schema) and
// repair rounds — with the input given as a JSON value (usually an object) and the output the
// value shaped by the schema. There are no user rules (steps 1-4 of the pipeline only).
//
// Thread safety: run() and execute() are const and may be called from several threads at once.

#include <laminate/lm/program.hpp>
#include <laminate/schema.hpp>

#include <memory>
#include <string>

namespace laminate::lm {

class SchemaProgram {
public:
    // Compiles the output schema once. invalid_input (naming the schema's problem, never its
    // text) when it does not compile.
    static Result<SchemaProgram, Error> create(std::shared_ptr<Provider> provider, const Value& output_schema,
                                               std::string instructions, ProgramOptions options = {});

    // The output shaped by the schema, or why there is none.
    Result<Value, Error> run(const Value& input, const CallOptions& call = {}) const;
    // The output or the error, with every attempt and the shaping diagnostics.
    Execution<Value> execute(const Value& input, const CallOptions& call = {}) const;

    const ProgramOptions& options() const noexcept { return options_; }
    const Value& output_schema() const noexcept { return contract_.schema; }
    Provider& provider() const noexcept { return *provider_; }

private:
    SchemaProgram() = default;
    std::shared_ptr<Provider> provider_;
    ProgramOptions options_;
    std::shared_ptr<const Schema> compiled_;
    detail::Contract contract_;
};

} // namespace laminate::lm
