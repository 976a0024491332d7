import FoldoutBuild
import Foundation

// fastpath-bench CORPUS OUTPUT [ROUNDS] [CODING_ROUNDS] [PARTS]: see bench/fastpaths/run.sh, which builds it.
let a = CommandLine.arguments
guard a.count >= 3 else { print("usage: fastpath-bench CORPUS OUTPUT [ROUNDS] [CODING_ROUNDS] [PARTS]"); exit(2) }
let parts = a.count > 5 ? Set(a[5].split(separator: ",").map(String.init)) : []
try FastPathBench.run(corpus: a[1], output: a[2], rounds: a.count > 3 ? Int(a[3])! : 11, codingRounds: a.count > 4 ? Int(a[4])! : 7,
                      parts: parts)
