#pragma once
// The whole public API of laminate's core.

#include <laminate/diagnostic.hpp>
#include <laminate/error.hpp>
#include <laminate/extract.hpp>
#include <laminate/parse.hpp>
#include <laminate/result.hpp>
#include <laminate/value.hpp>
#include <laminate/version.hpp>
