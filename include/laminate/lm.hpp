#pragma once
// The program layer in one include: providers, signatures, programs, the output pipeline, errors
// batch runs and rate limits, tracing, record/replay cassettes, evaluation, and the providers
// for tests. Link laminate::lm.
//
//   #include <laminate/lm.hpp>
//   laminate::lm::Program<ClassifyTicket> classify{provider};
//   auto ticket = classify.run({.text = "Production database is down since 9:00"});

#include <laminate/lm/batch.hpp>
#include <laminate/lm/cassette.hpp>
#include <laminate/lm/error.hpp>
#include <laminate/lm/eval.hpp>
#include <laminate/lm/http.hpp>
#include <laminate/lm/otlp.hpp>
#include <laminate/lm/output.hpp>
#include <laminate/lm/program.hpp>
#include <laminate/lm/providers.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/lm/rate_limiter.hpp>
#include <laminate/lm/schema_program.hpp>
#include <laminate/lm/signature.hpp>
#include <laminate/lm/testing.hpp>
#include <laminate/lm/tracing.hpp>
