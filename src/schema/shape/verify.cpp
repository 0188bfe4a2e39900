// The check of a shaped value against its schema by the validator, for schemas whose keywords
// shaping does not enforce itself (oneOf's exclusivity, not, multipleOf, if/then/else, ...): a
// value shaping made that the same schema rejects is an error, never a quiet success. Schemas
// without such keywords (build_shape_tree decides, once) never come here.
#include "schema/shape/node.hpp"
#include "schema/validate/evaluate.hpp"

#include <string>
#include <utility>

namespace laminate::schema_detail {

bool verify_shaped(const Node& root, const Value& shaped, shape_detail::ShapeState& st) {
    if (!root.verify || !root.rare || !root.rare->verify_rules || !st.errors.empty()) return st.errors.empty();
    ValidateOptions options;
    options.stop_at_first = st.policy.errors == ErrorCollection::First;
    const ValidationResult result = evaluate(*root.rare->verify_rules, shaped, options);
    if (result.valid) return true;
    bool failed = false;
    for (const Violation& v : result.violations) {
        const ErrorKind kind = v.keyword == "depth"    ? ErrorKind::DepthExceeded
                               : v.keyword == "limits" ? ErrorKind::SizeExceeded
                                                       : ErrorKind::ConstraintViolation;
        // The validator's messages describe strings, arrays and objects of the value and never
        // quote them (numbers are named, as shaping's own messages name them); the keyword says
        // which rule of the schema it is.
        std::string message = v.keyword.empty() ? v.message : v.keyword + ": " + v.message;
        st.fail(Error(kind, std::move(message), Error::no_offset, v.path)); // (at the root: st.path is empty)
        failed = true;
        if (st.stopped) break;
    }
    return !failed;
}

} // namespace laminate::schema_detail
