// What surrounds or interrupts the JSON without being JSON: comments, markdown fences, JSONP
// callbacks, MongoDB constructors, white space JSON does not know.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::completing;
using test::expect_repair;

TEST(ParseWrappers, Comments) {
    expect_repair("/* foo */ {}", "{}", RepairKind::Comment, 0);
    expect_repair("{} // comment", "{}", RepairKind::Comment, 3);
    expect_repair("{\"a\":\"foo\",//hello\n\"b\":\"bar\"}", R"({"a":"foo","b":"bar"})",
                  RepairKind::Comment, 11);
    expect_repair("{\"flag\":/*boolean*/true}", R"({"flag":true})", RepairKind::Comment, 8);
    expect_repair("[\"a\"/* foo */]", R"(["a"])", RepairKind::Comment, 4);
    expect_repair("{\"a\" /* c */ : 1}", R"({"a":1})", RepairKind::Comment, 5);
    expect_repair("{} /* never closed", "{}", RepairKind::Comment, 3);
    // Python-style comments.
    expect_repair("{\n  # the answer\n  \"a\": 42  # inline\n}", R"({"a":42})", RepairKind::Comment,
                  4);
    expect_repair("[1, # one\n 2]", "[1,2]", RepairKind::Comment, 4);
    // On one line, a comment inside open containers ends at the first closer, not the text's
    // end: the closers and the members after them are the document's.
    expect_repair(R"({ "key": { "key2": "value2" # comment }, "key3": "value3" })",
                  R"({"key": {"key2": "value2"}, "key3": "value3"})", RepairKind::Comment, 28);
    expect_repair("[1, 2 // two ]", "[1,2]", RepairKind::Comment, 6);
    expect_repair("{\"a\": 1} # done }", R"({"a":1})", RepairKind::Comment, 9);
    // Inside strings they are text.
    auto r = parse(R"({"a": "/* not */ // a comment # either"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->diagnostics.empty());
}

TEST(ParseWrappers, AOneLineCommentThatWouldHideMembersOrAValueIsAnError) {
    // A path or text that starts like a comment: dropping it would drop the members after it, or
    // invent a null where it stood.
    test::expect_error(R"({"path": //server/share, "b": 1})", ErrorKind::AmbiguousRepair, 9);
    test::expect_error(R"({"a": a//b, "c": 1})", ErrorKind::AmbiguousRepair, 7);
    test::expect_error(R"({"a": 1 # see "b": 2, "c": 3})", ErrorKind::AmbiguousRepair, 8);
    test::expect_error(R"({"path": //server/share})", ErrorKind::AmbiguousRepair, 9);
    // A line break ends the comment: a comment before the value, or between members.
    expect_repair("{\"a\": // count\n 5}", R"({"a": 5})", RepairKind::Comment, 6);
    expect_repair("{\"a\": 1, // note, \"b\": 2\n \"c\": 3}", R"({"a": 1, "c": 3})",
                  RepairKind::Comment, 9);
    // Commas in the comment's text are text.
    expect_repair(R"({"a": 1 // note, see docs })", R"({"a": 1})", RepairKind::Comment, 8);
}

TEST(ParseWrappers, MarkdownFences) {
    expect_repair("```json\n{\"a\":\"b\"}\n```", R"({"a":"b"})", RepairKind::WrapperStripped, 0);
    expect_repair("```\n[1,2,3]\n```", "[1,2,3]", RepairKind::WrapperStripped, 0);
    expect_repair("\n{\"a\":\"b\"}\n```", R"({"a":"b"})", RepairKind::WrapperStripped, 11);
    expect_repair("```{\"a\":\"b\"}```", R"({"a":"b"})", RepairKind::WrapperStripped, 0);
    expect_repair("\n ```python\n{\"a\":\"b\"}\n```\n  ", R"({"a":"b"})",
                  RepairKind::WrapperStripped, 2);
    expect_repair("[```json\n{\"a\":\"b\"}\n```]", R"({"a":"b"})", RepairKind::WrapperStripped, 0);
    expect_repair("{```\n{\"a\":\"b\"}\n```}", R"({"a":"b"})", RepairKind::WrapperStripped, 0);
}

TEST(ParseWrappers, JsonpCallbacks) {
    expect_repair("callback_123({});", "{}", RepairKind::WrapperStripped, 0);
    expect_repair("callback_123([1]);", "[1]", RepairKind::WrapperStripped, 0);
    expect_repair("callback_123(\"foo\");", R"("foo")", RepairKind::WrapperStripped, 0);
    expect_repair("/* c */ callback_123 ({})", "{}", RepairKind::WrapperStripped, 8);
    expect_repair("\n/* foo\nbar */\ncallback_123 ({});\n\n", "{}", RepairKind::WrapperStripped,
                  15);
    expect_repair("window.cb(null)", "null", RepairKind::WrapperStripped, 0);
    expect_repair("callback({}", "{}", RepairKind::MissingCloser, 11, Risk::Risky, completing());
    test::expect_error("callback {}", ErrorKind::InvalidJson, 9);
}

TEST(ParseWrappers, MongoDbConstructors) {
    expect_repair("NumberLong(\"2\")", R"("2")", RepairKind::WrapperStripped, 0);
    const auto ds = expect_repair(
        "{\n \"_id\" : ObjectId(\"123\"),\n \"isoDate\" : ISODate(\"2012-12-19T06:01:17.171Z\"),\n"
        " \"long\" : NumberLong(2),\n \"decimal\" : NumberDecimal(\"4\")\n}",
        R"({"_id":"123","isoDate":"2012-12-19T06:01:17.171Z","long":2,"decimal":"4"})",
        RepairKind::WrapperStripped, 11);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::WrapperStripped).size(), 4u);
}

TEST(ParseWrappers, MongoDbTypesKeepTheLiteralTheyAnnotate) {
    expect_repair(R"({"int": NumberInt("3"), "int2": NumberInt(3)})", R"({"int":"3","int2":3})",
                  RepairKind::WrapperStripped, 8);
    expect_repair(R"({"id": UUID ("0e8b"), "n": 1})", R"({"id":"0e8b","n":1})",
                  RepairKind::WrapperStripped, 7);
    // A type around no single literal: no value to keep.
    test::expect_error(R"({"a": NumberLong([1])})", ErrorKind::AmbiguousRepair, 16);
    test::expect_error(R"({"a": ObjectId()})", ErrorKind::AmbiguousRepair, 14);
    test::expect_error(R"({"a": NumberInt(1, 2)})", ErrorKind::AmbiguousRepair, 15);
    test::expect_error(R"({"a": ObjectId(abc)})", ErrorKind::AmbiguousRepair, 15);
}

TEST(ParseWrappers, ACallbackWrapsTheWholeDocumentOnly) {
    // A callback around nothing, or around several values, holds no document.
    test::expect_error("callback()", ErrorKind::AmbiguousRepair, 8);
    test::expect_error("callback(1, 2)", ErrorKind::AmbiguousRepair, 8);
    // Inside the document, or as a built-in that computes its value, it is a function call.
    test::expect_error("[cb({})]", ErrorKind::AmbiguousRepair, 1);
    test::expect_error("sum([1, 2, 3])", ErrorKind::AmbiguousRepair, 0);
    test::expect_error("not(True)", ErrorKind::AmbiguousRepair, 0);
    test::expect_error("JSON.parse(\"[1]\")", ErrorKind::AmbiguousRepair, 0);
}

TEST(ParseWrappers, AFunctionCallIsNoValue) {
    // Its value is computed, and laminate cannot know it: stripping the name would invent one.
    for (const auto& [text, offset] : std::initializer_list<std::pair<const char*, std::size_t>>{
             {R"({"a": not(True)})", 6},
             {R"({"total": sum([1, 2, 3])})", 10},
             {R"({"a": max(1, 2)})", 6},
             {R"({"a": range(5)})", 6},
             {R"({"created": datetime.now()})", 12},
             {R"({"id": str(uuid.uuid4())})", 7},
             {R"({"a": str(5)})", 6},
             {R"({"a": x (y), "b": 1})", 6},
             {R"({"a": Point(x=1, y=2)})", 6},
             {R"({"a": True(1)})", 6},
             {R"([1, len("abc")])", 4},
         }) {
        SCOPED_TRACE(text);
        test::expect_error(text, ErrorKind::AmbiguousRepair, offset);
        test::expect_error(text, ErrorKind::AmbiguousRepair, offset, test::completing());
        const auto r = parse(text);
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().message().find("uuid"), std::string::npos); // never quotes the input
    }
    // Words before a parenthesis that start no call are text, as before.
    expect_repair("[\"This is C(2)\", This is F(3)]", R"x(["This is C(2)","This is F(3)"])x",
                  RepairKind::UnquotedString, 17);
}

TEST(ParseWrappers, PythonOrderedDict) {
    // The repr of an OrderedDict is a dict: its list of pairs, the wrapper stripped, would be a
    // different structure ([["a", 1]]).
    test::expect_error("OrderedDict([('a', 1)])", ErrorKind::AmbiguousRepair, 11);
    test::expect_error("collections.OrderedDict([('a', 1), ('b', 2)])",
                       ErrorKind::AmbiguousRepair, 23);
    // Python 3.12 writes the dict itself inside.
    expect_repair("OrderedDict({'a': 1})", R"({"a": 1})", RepairKind::WrapperStripped, 0);
}

TEST(ParseWrappers, SpecialWhiteSpace) {
    for (const char* space :
         {"\xC2\xA0", "\xE1\xA0\x8E", "\xE2\x80\x80", "\xE2\x80\x82", "\xE2\x80\x8B",
          "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80", "\xEF\xBB\xBF", "\xE2\x80\xA8"}) {
        SCOPED_TRACE(space);
        expect_repair(std::string("{\"a\":") + space + "\"foo\"}", R"({"a":"foo"})",
                      RepairKind::SpecialWhitespace, 5);
    }
    // A byte order mark before the document.
    expect_repair("\xEF\xBB\xBF{\"a\":1}", R"({"a":1})", RepairKind::SpecialWhitespace, 0);
    // Inside a string it is text.
    expect_repair("{\"a\":\xC2\xA0\"foo\xC2\xA0"
                  "bar\"}",
                  "{\"a\":\"foo\xC2\xA0"
                  "bar\"}",
                  RepairKind::SpecialWhitespace, 5);
}

} // namespace
} // namespace laminate
