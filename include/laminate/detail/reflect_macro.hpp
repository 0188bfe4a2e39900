#pragma once
// LAMINATE_REFLECT(Type, member...): the one-line laminate::Describe<Type> specialization.
//
// The member list is walked with the __VA_OPT__ recursion idiom: a step macro emits one item
// and names itself again only indirectly (LAMINATE_DETAIL_AGAIN followed by parentheses), so
// each of the nested rescans of LAMINATE_DETAIL_EXPAND advances the walk by one member.
// 4 levels of 4 rescans allow 256 members, far above laminate::reflect::max_fields.

#define LAMINATE_DETAIL_PARENS ()
#define LAMINATE_DETAIL_EXPAND(...) LAMINATE_DETAIL_EXPAND3(LAMINATE_DETAIL_EXPAND3(LAMINATE_DETAIL_EXPAND3(LAMINATE_DETAIL_EXPAND3(__VA_ARGS__))))
#define LAMINATE_DETAIL_EXPAND3(...) LAMINATE_DETAIL_EXPAND2(LAMINATE_DETAIL_EXPAND2(LAMINATE_DETAIL_EXPAND2(LAMINATE_DETAIL_EXPAND2(__VA_ARGS__))))
#define LAMINATE_DETAIL_EXPAND2(...) LAMINATE_DETAIL_EXPAND1(LAMINATE_DETAIL_EXPAND1(LAMINATE_DETAIL_EXPAND1(LAMINATE_DETAIL_EXPAND1(__VA_ARGS__))))
#define LAMINATE_DETAIL_EXPAND1(...) __VA_ARGS__

#define LAMINATE_DETAIL_FOR_EACH(macro, type, ...) \
    __VA_OPT__(LAMINATE_DETAIL_EXPAND(LAMINATE_DETAIL_FOR_EACH_STEP(macro, type, __VA_ARGS__)))
#define LAMINATE_DETAIL_FOR_EACH_STEP(macro, type, member, ...) \
    macro(type, member) __VA_OPT__(LAMINATE_DETAIL_AGAIN LAMINATE_DETAIL_PARENS(macro, type, __VA_ARGS__))
#define LAMINATE_DETAIL_AGAIN() LAMINATE_DETAIL_FOR_EACH_STEP

#define LAMINATE_DETAIL_MEMBER_POINTER(type, member) &type::member,
#define LAMINATE_DETAIL_MEMBER_NAME(type, member) #member,

// Use at global scope, after Type is defined; Type must not contain a top-level comma (use an
// alias for a template). Field names are the member names as written.
#define LAMINATE_REFLECT(Type, ...)                                                                      \
    template <>                                                                                          \
    struct laminate::Describe<Type> {                                                                    \
        static constexpr auto members =                                                                  \
            std::tuple{LAMINATE_DETAIL_FOR_EACH(LAMINATE_DETAIL_MEMBER_POINTER, Type, __VA_ARGS__)};       \
        static constexpr std::array<std::string_view, std::tuple_size_v<std::remove_cv_t<decltype(members)>>> \
            names{LAMINATE_DETAIL_FOR_EACH(LAMINATE_DETAIL_MEMBER_NAME, Type, __VA_ARGS__)};               \
    }
