import Animation

/// What names mean at the point being decoded. A component's layers see
/// its own variables, not the scene's; a `forEach` item's names hold only
/// inside its content. Entering either saves the decoder's scope and
/// leaving restores it, so both are lexical, as in SwiftUI.
extension SceneDecoder {
    /// The chain that led to the content being decoded, for messages and
    /// for refusing a component that uses itself.
    struct Scope {
        /// "in component "card" used at 12:5 ($.layers[2])", outermost first.
        var trail: [String] = []
        /// Components being decoded, outermost first.
        var components: [String] = []
    }

    struct SavedScope {
        let symbols: ExpressionSymbols
        let parameters: [Parameter]
        let timelineInForce: Timeline
        let itemStrings: [String: String]
        let scope: Scope
    }

    func saveScope() -> SavedScope {
        SavedScope(symbols: symbols, parameters: parameters, timelineInForce: timelineInForce,
                   itemStrings: itemStrings, scope: scope)
    }

    mutating func restore(_ saved: SavedScope) {
        symbols = saved.symbols
        parameters = saved.parameters
        timelineInForce = saved.timelineInForce
        itemStrings = saved.itemStrings
        scope = saved.scope
    }
}
