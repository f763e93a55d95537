import Testing

/// Bad components: located errors, each naming the `use` that reached it.
@Suite struct CompositionErrorTests {
    @Test func aCycleIsRefused() {
        let body = #""components": {"a": {"layers": [{"type": "use", "component": "b"}]}, "b": {"layers": [{"type": "use", "component": "a"}]}}, "layers": [{"type": "use", "component": "a"}]"#
        #expect(CompositionRender.problems(body) == #"c.json:1:171: $.components.b.layers[0].component: component "a" uses itself: a → b → a (in component "a" used at 1:191 $.layers[0], in component "b" used at 1:88 $.components.a.layers[0])"#)
    }

    @Test func anUnknownComponentGetsASuggestion() {
        let body = #""components": {"card": {"layers": []}}, "layers": [{"type": "use", "component": "crad"}]"#
        #expect(CompositionRender.problems(body) == #"c.json:1:136: $.layers[0].component: unknown component "crad"; did you mean "card"?"#)
    }

    @Test func wrongParametersAreLocatedAtTheUse() {
        let body = #""components": {"card": {"variables": {"accent": "red", "n": 1}, "layers": []}}, "layers": [{"type": "use", "component": "card", "with": {"accent": 3, "m": 2}}]"#
        #expect(CompositionRender.problems(body) == """
            c.json:1:203: $.layers[0].with.accent: expected a colour, found 3
            c.json:1:211: $.layers[0].with.m: the component "card" has no parameter "m"; did you mean "n"?
            """)
    }

    /// A problem inside a component is reported once, at its place in the
    /// component, with the first `use` that reached it.
    @Test func aProblemInsideNamesTheUse() {
        let body = #""components": {"card": {"variables": {"accent": "red"}, "layers": [{"type": "rect", "size": [1, 1], "fill": {"expr": "accent * 2"}}]}}, "layers": [{"type": "use", "component": "card"}, {"type": "use", "component": "card"}]"#
        #expect(CompositionRender.problems(body) == #"c.json:1:174: $.components.card.layers[0].fill.expr: expected a number, found a colour (in component "card" used at 1:203 $.layers[0])"#)
    }

    @Test func aTransitionMustJoinTwoItems() {
        let body = #""components": {"c": {"duration": 1, "layers": []}}, "layers": [{"type": "sequence", "items": [{"transition": "crossfade", "duration": 0.5}, {"type": "use", "component": "c"}]}]"#
        #expect(CompositionRender.problems(body) == #"c.json:1:150: $.layers[0].items[0]: a transition goes between two items"#)
    }
}
