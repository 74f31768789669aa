/// What digraph says about its cache folder. The default one (`.build/digraph` beside the scanned
/// code) appears in the user's repository unasked: the run that creates it says where it is, that
/// git ignores it, and how to move it or go without; later runs say nothing.
enum CacheFolder {
    static func createdNote(_ shown: String) -> String {
        "note: created a cache in \(shown) (ignored by git; --cache-dir DIR or cache_dir: in .digraph.yml moves it, --no-cache goes without)"
    }
}
