#pragma once
// The whole public API of laminate, module by module. One include is enough:
//
//   #include <laminate/laminate.hpp>
//
// nlohmann/json interop (laminate/nlohmann.hpp) is the one header left out: it needs
// nlohmann/json's own header, which laminate does not require.

// Values, results and diagnostics
#include <laminate/diagnostic.hpp>
#include <laminate/error.hpp>
#include <laminate/result.hpp>
#include <laminate/value.hpp>
#include <laminate/version.hpp>

// Repair and extraction
#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

// Typed shaping
#include <laminate/coerce.hpp>
#include <laminate/field_options.hpp>
#include <laminate/mode.hpp>
#include <laminate/open.hpp>
#include <laminate/overflow.hpp>
#include <laminate/reflect.hpp>
#include <laminate/shape.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/shaped.hpp>

// JSON Schema: generation, provider dialects, one Schema that validates and shapes
#include <laminate/output_schema.hpp>
#include <laminate/schema.hpp>
#include <laminate/schema_dialect.hpp>

// Tool calls: provider responses, raw model text, streams, typed dispatch
#include <laminate/toolcall/dispatch.hpp>
#include <laminate/toolcall/partial_json.hpp>
#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/raw_text.hpp>
#include <laminate/toolcall/response.hpp>
#include <laminate/toolcall/sse.hpp>
#include <laminate/toolcall/stream.hpp>
