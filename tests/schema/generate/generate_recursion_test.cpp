// output_schema<T>() for recursive and repeated types: $defs keyed by type name, terminating.
#include "schema/schema_test_util.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace laminate::test::schema_recursion {

struct Node {
    std::string name;
    std::vector<Node> children;
};

struct Tree {
    Node root;
    std::map<std::string, Node> index;
};

// Mutual recursion through two types.
struct Department;
struct Employee {
    std::string name;
    std::vector<Department> leads;
};
struct Department {
    std::string title;
    std::vector<Employee> staff;
};

namespace other {
struct Node {
    int id;
};
} // namespace other

struct TwoNodes {
    Node a;
    other::Node b;
};

template <class T>
struct Box {
    T value;
};

struct Boxes {
    Box<int> a;
    Box<std::string> b;
};

// Every $ref in `s`, each checked to resolve inside `s`.
std::size_t count_resolving_refs(const Value& s) {
    std::vector<const Value*> stack{&s};
    std::size_t refs = 0;
    while (!stack.empty()) {
        const Value* v = stack.back();
        stack.pop_back();
        if (const Value* r = v->find("$ref"); r && r->is_string()) {
            ++refs;
            EXPECT_NE(s.at_pointer(r->as_string().substr(1)), nullptr) << r->as_string();
        }
        for (const Member& m : v->members()) stack.push_back(&m.value);
        for (const Value& i : v->items()) stack.push_back(&i);
    }
    return refs;
}

TEST(SchemaRecursion, TemplateInstancesGetSafeDistinctNames) {
    const Value s = schema_without_uri<Boxes>();
    ASSERT_EQ(s["$defs"].size(), 2u);
    for (const Member& d : s["$defs"].members())
        for (char c : d.key())
            EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')
                << d.key();
    EXPECT_NE(s["properties"]["a"], s["properties"]["b"]);
    EXPECT_EQ(count_resolving_refs(s), 2u);
}

TEST(SchemaRecursion, RecursiveRootIsInlineAndInDefs) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Node>(), R"({
        "type": "object",
        "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
        "required": ["name", "children"],
        "additionalProperties": false,
        "$defs": {"Node": {"type": "object",
            "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
            "required": ["name", "children"], "additionalProperties": false}}})");
}

TEST(SchemaRecursion, RecursiveMemberHasOneDefinition) {
    const Value s = schema_without_uri<Tree>();
    EXPECT_SCHEMA_EQ(s["properties"], R"({"root": {"$ref": "#/$defs/Node"},
        "index": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Node"}}})");
    ASSERT_EQ(s["$defs"].size(), 1u);
    EXPECT_EQ(s["$defs"]["Node"]["properties"]["children"]["items"], json(R"({"$ref": "#/$defs/Node"})"));
}

TEST(SchemaRecursion, MutualRecursionTerminates) {
    const Value s = schema_without_uri<Employee>();
    EXPECT_EQ(s["properties"]["leads"]["items"], json(R"({"$ref": "#/$defs/Department"})"));
    EXPECT_EQ(s["$defs"]["Department"]["properties"]["staff"]["items"], json(R"({"$ref": "#/$defs/Employee"})"));
    EXPECT_TRUE(s["$defs"].contains("Employee"));
    EXPECT_EQ(s["$defs"].size(), 2u);
}

TEST(SchemaRecursion, SameNameDifferentTypesGetDistinctDefs) {
    const Value s = schema_without_uri<TwoNodes>();
    EXPECT_EQ(s["properties"]["a"], json(R"({"$ref": "#/$defs/Node"})"));
    EXPECT_EQ(s["properties"]["b"], json(R"({"$ref": "#/$defs/Node_2"})"));
    EXPECT_EQ(s["$defs"]["Node_2"]["properties"]["id"]["type"], Value("integer"));
    EXPECT_EQ(s["$defs"]["Node"]["properties"]["children"]["items"], json(R"({"$ref": "#/$defs/Node"})"));
}

TEST(SchemaRecursion, EveryRefResolves) {
    EXPECT_EQ(count_resolving_refs(output_schema<Tree>()), 3u);
    EXPECT_EQ(count_resolving_refs(output_schema<Employee>()), 3u);
}

} // namespace laminate::test::schema_recursion
