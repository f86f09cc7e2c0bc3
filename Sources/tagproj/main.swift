import Glibc
import TagKit

// The command-line interface is being built (issue 2); until then the binary only names itself.
let note = "tagproj: not built yet\n"
_ = note.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
exit(ExitCode.failure.rawValue)
