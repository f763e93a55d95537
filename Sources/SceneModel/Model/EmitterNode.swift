/// A particle emitter (CAEmitterLayer with its CAEmitterCells).
public struct EmitterNode: Sendable, Equatable {
    public init() {}
}
