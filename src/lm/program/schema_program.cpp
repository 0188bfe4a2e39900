#include <laminate/lm/schema_program.hpp>

#include <optional>
#include <utility>

namespace laminate::lm {

Result<SchemaProgram, Error> SchemaProgram::create(std::shared_ptr<Provider> provider, const Value& output_schema,
                                                   std::string instructions, ProgramOptions options) {
    auto compiled = Schema::compile(output_schema);
    if (!compiled) return Error::invalid_input("the output schema does not compile: " + compiled.error().to_string());
    SchemaProgram p;
    p.provider_ = std::move(provider);
    p.options_ = std::move(options);
    p.contract_.instructions = p.options_.instructions ? *p.options_.instructions : std::move(instructions);
    p.contract_.schema = output_schema;
    p.compiled_ = std::make_shared<const Schema>(std::move(*compiled));
    p.contract_.prepared = detail::prepare_request(p.contract_, p.options_, p.provider_->capabilities());
    return p;
}

Execution<Value> SchemaProgram::execute(const Value& input, const CallOptions& call) const {
    std::optional<Shaped<Value>> accepted;
    detail::Interpret interpret = [&](const toolcall::Response& response,
                                      const OutputOptions& oo) -> std::optional<Error> {
        auto parsed = parse_output_value(response, *compiled_, oo);
        if (!parsed) return std::move(parsed).error();
        accepted.emplace(std::move(*parsed));
        return std::nullopt;
    };
    return detail::to_execution(detail::run_program(*provider_, contract_, options_, input, call, interpret),
                                std::move(accepted));
}

Result<Value, Error> SchemaProgram::run(const Value& input, const CallOptions& call) const {
    return execute(input, call).result();
}

} // namespace laminate::lm
