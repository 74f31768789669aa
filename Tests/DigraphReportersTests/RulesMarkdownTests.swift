import DigraphCore
import DigraphReporters
import Foundation
import GoldenFile
import Testing

@Suite struct RulesMarkdownTests {
    let page = RulesMarkdown.render()

    /// docs/rules.md is generated: it must be exactly what the catalog renders. The test only
    /// reads it; `make goldens` rewrites it.
    @Test func docsRulesMarkdownIsCurrent() {
        if let problem = GoldenFile.mismatch(page, golden: RulesMarkdown.path) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func isDeterministicAndEndsWithOneNewline() {
        #expect(RulesMarkdown.render() == page)
        #expect(page.hasPrefix("# digraph rules\n"))
        #expect(page.hasSuffix("```\n"))
        #expect(!page.hasSuffix("\n\n"))
    }

    @Test func indexTableHasARowPerRuleLinkingItsSection() {
        for type in RuleCatalog.all {
            let d = type.description
            #expect(page.contains("| [`\(d.id)`](#\(d.id)) | \(d.defaultSeverity.rawValue) | \(d.summary) |\n"), "\(d.id)")
        }
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        #expect(rows.count == RuleCatalog.all.count)
    }

    /// `## id` gives the GitHub anchor `#id` that SARIF's helpUri points at.
    @Test func oneSectionPerRuleHeadedByItsIdInCatalogOrder() {
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        #expect(headings == RuleCatalog.ids)
        for id in RuleCatalog.ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "_" }, "an anchor GitHub keeps as is")
        }
    }

    @Test func eachSectionHasItsDefaultsTextAndEveryExample() throws {
        for type in RuleCatalog.all {
            let d = type.description
            let section = try #require(rulesSection(d.id))
            #expect(section.contains("**\(d.name)**"))
            #expect(section.contains("- default severity: `\(d.defaultSeverity.rawValue)`\n"))
            if let threshold = d.defaultThreshold {
                #expect(section.contains("- default threshold: `\(threshold)`\n"))
            } else {
                #expect(!section.contains("default threshold"))
            }
            #expect(section.contains(d.summary))
            #expect(section.contains(d.rationale))
            for example in d.triggeringExamples + d.nonTriggeringExamples {
                for file in example.files {
                    // Markers are kept, code is kept verbatim.
                    #expect(section.contains(file.source), "\(d.id): \(file.name)")
                }
            }
            let blocks = section.components(separatedBy: "```swift\n").count - 1
            #expect(blocks == d.triggeringExamples.count + d.nonTriggeringExamples.count)
        }
    }

    @Test func markersAreKeptAndExplained() throws {
        let cycle = try #require(rulesSection("dependency_cycle"))
        #expect(cycle.contains("CartService(pricing: ↓r.resolve(PricingService.self)!)"))
        #expect(cycle.contains("**Triggering examples** (`↓` marks where digraph reports each finding; it is not part of the code):"))
        let nonTriggering = try #require(cycle.components(separatedBy: "**Non-triggering examples:**").last)
        #expect(!nonTriggering.contains("↓"))
    }

    @Test func multiFileExamplesNameEachFile() throws {
        let cycle = try #require(rulesSection("dependency_cycle"))
        #expect(cycle.contains("```swift\n// A.swift\nfinal class AAssembly"))
        #expect(cycle.contains("} } }\n\n// B.swift\nfinal class BAssembly"))
        #expect(cycle.contains("\n\n// C.swift\n"))
        // Single-file examples get no file comment.
        #expect(!cycle.contains("// Example.swift"))
    }

    @Test func examplesThatRunWithOptionsSaySo() throws {
        let god = try #require(rulesSection("god_singleton"))
        #expect(god.contains("With `rules: { god_singleton: { threshold: 3 } }` in `.digraph.yml`:\n\n```swift\n"))
        #expect(god.contains("With `rules: { god_singleton: { threshold: 3, allow: [Logger] } }` in `.digraph.yml`:"))
        #expect(try #require(rulesSection("dependency_cycle")).contains("With `") == false)
    }

    @Test func codeFencesBalance() {
        let fences = page.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("```") }
        #expect(fences.count % 2 == 0)
        // Swift sources, and the snapshot documents some examples run with.
        for (index, fence) in fences.enumerated() {
            if index % 2 == 0 {
                #expect(fence == "```swift" || fence == "```json")
            } else {
                #expect(fence == "```")
            }
        }
    }

    @Test func aFenceOutgrowsBackticksInTheCode() {
        let d = RuleDescription(
            id: "demo_rule", name: "Demo", defaultSeverity: .note, summary: "Pipes | are escaped.", rationale: "Why.",
            triggeringExamples: [RuleExample("let s = \"\"\"\n```\n\"\"\"")], nonTriggeringExamples: [])
        let page = RulesMarkdown.render([d])
        #expect(page.contains("\n````swift\nlet s = \"\"\"\n```\n\"\"\"\n````\n"))
        #expect(page.contains("| [`demo_rule`](#demo_rule) | note | Pipes \\| are escaped. |"))
        #expect(!page.contains("Non-triggering"))
    }

    /// The section of one rule, from its heading to the next.
    func rulesSection(_ id: String) -> String? {
        guard let start = page.range(of: "\n## \(id)\n") else { return nil }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
}
