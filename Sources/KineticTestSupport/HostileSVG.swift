import Foundation

/// Pictures that pass every check made before drawing and still cost a draw that will not end soon: what a hostile
/// server serves to hold a core (issue #38).
package enum HostileSVG {
    /// An 83 KB cell picture of the kind the probe served: 1,500 circles, each through a blur of standard deviation 90
    /// and a morphology of radius 90, every attribute within `SVGCostBudget`'s limits; drawn once in the process it
    /// held a core for most of a minute. `seed` makes each one's bytes its own (so no two share a remembered verdict).
    package static func blurredCircles(seed: Int) -> Data {
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">"#
        svg += #"<defs><filter id="f"><feGaussianBlur stdDeviation="90"/><feMorphology radius="90"/></filter></defs>"#
        for index in 0..<1_500 {
            svg += #"<circle cx="\#((index * 37 + seed) % 256)" cy="\#((index * 91 + seed * 7) % 256)" r="\#(4 + index % 9)" fill="red" filter="url(#f)"/>"#
        }
        return Data((svg + "</svg>").utf8)
    }
}
