#pragma once
// The whole public API of laminate's core.

#include <laminate/coerce.hpp>
#include <laminate/diagnostic.hpp>
#include <laminate/error.hpp>
#include <laminate/extract.hpp>
#include <laminate/field_options.hpp>
#include <laminate/mode.hpp>
#include <laminate/open.hpp>
#include <laminate/output_schema.hpp>
#include <laminate/overflow.hpp>
#include <laminate/parse.hpp>
#include <laminate/reflect.hpp>
#include <laminate/result.hpp>
#include <laminate/schema_dialect.hpp>
#include <laminate/shape.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/validate.hpp>
#include <laminate/value.hpp>
#include <laminate/version.hpp>
