import Testing
import Geometry

@Suite struct SVGPathParserTests {
    func parse(_ d: String) throws -> [PathElement] { try Path(svgData: d).elements }
    func P(_ x: Double, _ y: Double) -> Point { Point(x, y) }

    @Test(arguments: [
        ("M10 20 L30 40", [PathElement.move(Point(10, 20)), .line(Point(30, 40))]),
        ("m10 20 l5 5", [.move(Point(10, 20)), .line(Point(15, 25))]),
        ("M0 0 H10 V20 h-5 v-5", [.move(.zero), .line(Point(10, 0)), .line(Point(10, 20)),
                                  .line(Point(5, 20)), .line(Point(5, 15))]),
        ("M0 0 C1 2 3 4 5 6 c1 1 2 2 3 3", [.move(.zero), .cubic(Point(1, 2), Point(3, 4), Point(5, 6)),
                                            .cubic(Point(6, 7), Point(7, 8), Point(8, 9))]),
        ("M0 0 C0 1 2 3 4 4 S8 5 8 8 s0 2 2 2", [.move(.zero), .cubic(Point(0, 1), Point(2, 3), Point(4, 4)),
                                                 .cubic(Point(6, 5), Point(8, 5), Point(8, 8)),
                                                 .cubic(Point(8, 11), Point(8, 10), Point(10, 10))]),
        ("M0 0 L4 4 S8 5 8 8", [.move(.zero), .line(Point(4, 4)),
                                .cubic(Point(4, 4), Point(8, 5), Point(8, 8))]),
        ("M0 0 Q1 1 2 0 T4 0 t2 0", [.move(.zero), .quad(Point(1, 1), Point(2, 0)),
                                     .quad(Point(3, -1), Point(4, 0)), .quad(Point(5, 1), Point(6, 0))]),
        ("M0 0 q1 1 2 0", [.move(.zero), .quad(Point(1, 1), Point(2, 0))]),
        ("M0 0 C1 1 2 2 3 3 T5 5", [.move(.zero), .cubic(Point(1, 1), Point(2, 2), Point(3, 3)),
                                    .quad(Point(3, 3), Point(5, 5))]),
        ("M1 1 2 2 3 3", [.move(Point(1, 1)), .line(Point(2, 2)), .line(Point(3, 3))]),
        ("m1 1 2 2 3 3", [.move(Point(1, 1)), .line(Point(3, 3)), .line(Point(6, 6))]),
        ("M0 0 L10 0 Z L5 5", [.move(.zero), .line(Point(10, 0)), .close, .move(.zero), .line(Point(5, 5))]),
        ("M1 1 h2 z m2 2 h1 Z z", [.move(Point(1, 1)), .line(Point(3, 1)), .close,
                                   .move(Point(3, 3)), .line(Point(4, 3)), .close]),
        ("M0 0 A0 5 0 0 1 10 0", [.move(.zero), .line(Point(10, 0))]),
        ("M5 5 A3 3 0 0 1 5 5", [.move(Point(5, 5))]),
        ("", []),
        (" \t\n", []),
    ])
    func commands(_ d: String, _ expected: [PathElement]) throws {
        #expect(try parse(d) == expected)
    }

    @Test(arguments: [
        ("M1.5.5", Point(1.5, 0.5)),
        ("M-1-2", Point(-1, -2)),
        ("M.5.5", Point(0.5, 0.5)),
        ("M1e2-1E-1", Point(100, -0.1)),
        ("M+1,+2", Point(1, 2)),
        ("M 1 , 2", Point(1, 2)),
        ("M5.e1 2", Point(50, 2)),
        ("M0.1e+1\n\r\t2", Point(1, 2)),
    ])
    func compactNumbers(_ d: String, _ expected: Point) throws {
        #expect(try parse(d) == [.move(expected)])
    }

    @Test func arcOverTheTopWithSweep() throws {
        // sweep-flag 1 turns through increasing angles: clockwise on screen,
        // so from the left end over the top (y down).
        let p = try Path(svgData: "M0 0 A10 10 0 0 1 20 0")
        let ends = endPoints(p)
        #expect(ends.count == 3)
        #expect(ends.last == Point(20, 0))
        #expect(distance(ends[1], Point(10, -10)) < 1e-9)
        #expect(cubicSamples(p).allSatisfy { abs(distance($0, Point(10, 0)) - 10) < 2.8e-3 })
    }

    @Test func packedArcFlagsAndRadiusScaling() throws {
        // "0020": large-arc 0, sweep 0, x 20; radius 1 is scaled up to 10.
        let p = try Path(svgData: "M0 0a1 1 0 0020 0")
        let ends = endPoints(p)
        #expect(ends.last == Point(20, 0))
        #expect(distance(ends[1], Point(10, 10)) < 1e-9)
        #expect(cubicSamples(p).allSatisfy { abs(distance($0, Point(10, 0)) - 10) < 2.8e-3 })
        let q = try Path(svgData: "M0 0 a1 1 0 00 1 1")
        #expect(q.currentPoint == Point(1, 1))
    }

    @Test func largeArcTakesTheLongWay() throws {
        let p = try Path(svgData: "M0 0 A10 10 0 1 1 10 10")
        // Centre (10, 0): the long way from 180° to 90° through 270° and 0°.
        let samples = cubicSamples(p)
        #expect(samples.allSatisfy { abs(distance($0, Point(10, 0)) - 10) < 2.8e-3 })
        #expect(samples.contains { distance($0, Point(20, 0)) < 1e-9 })
        #expect(endPoints(p).count == 4)
    }

    @Test func rotatedEllipticalArc() throws {
        // rx 20 along the rotated x axis (pointing down), ry 10: a half
        // ellipse from (0,0) to (0,40) bulging to x = +10 (clockwise from 12 to 6 o'clock).
        let p = try Path(svgData: "M0 0 A20 10 90 0 1 0 40")
        #expect(p.currentPoint == Point(0, 40))
        for s in cubicSamples(p) {
            let u = (s.y - 20) / 20, v = s.x / 10
            #expect(abs((u * u + v * v).squareRoot() - 1) < 2.8e-4)
        }
        #expect(cubicSamples(p).contains { distance($0, Point(10, 20)) < 1e-9 })
    }

    @Test(arguments: [
        ("L 10 10", SVGPathError(.missingMoveto, at: 0), "path data must start with a moveto"),
        ("  10 10", SVGPathError(.missingMoveto, at: 2), "path data must start with a moveto"),
        ("X", SVGPathError(.unknownCommand("X"), at: 0), "unknown command 'X'"),
        ("M 10 10 X 5", SVGPathError(.unknownCommand("X"), at: 8), "unknown command 'X'"),
        ("M 10", SVGPathError(.expectedNumber(command: "M"), at: 4), "expected a number after 'M'"),
        ("M 0 0 L", SVGPathError(.expectedNumber(command: "L"), at: 7), "expected a number after 'L'"),
        ("M 0 0 L 5,", SVGPathError(.expectedNumber(command: "L"), at: 10), "expected a number after 'L'"),
        ("M 0 0 L 1 2 3", SVGPathError(.expectedNumber(command: "L"), at: 13), "expected a number after 'L'"),
        ("M 0,,0", SVGPathError(.expectedNumber(command: "M"), at: 4), "expected a number after 'M'"),
        ("M,0 0", SVGPathError(.expectedNumber(command: "M"), at: 1), "expected a number after 'M'"),
        ("M 0 0 l . 5", SVGPathError(.expectedNumber(command: "l"), at: 8), "expected a number after 'l'"),
        ("M 0 0 A 5 5 0 2 0 10 10", SVGPathError(.expectedFlag(command: "A"), at: 14),
         "expected a flag (0 or 1) after 'A'"),
        ("M 0 0 L 1e 2", SVGPathError(.expectedExponentDigits, at: 10), "expected digits after the exponent"),
        ("M 1e999 0", SVGPathError(.numberOutOfRange, at: 2), "number out of range"),
        ("M 0 0 z 5", SVGPathError(.expectedCommand(found: "5"), at: 8), "expected a command, found '5'"),
        ("M 0 0 é", SVGPathError(.unknownCommand("é"), at: 6), "unknown command 'é'"),
    ])
    func errors(_ d: String, _ expected: SVGPathError, _ message: String) {
        #expect(throws: expected) { try Path(svgData: d) }
        #expect(expected.message == message)
        #expect(expected.description == "\(message) (at offset \(expected.offset))")
    }
}
