import Glibc

// A write past the file-size limit (ulimit -f) fails with EFBIG and is reported (exit 74 or 73)
// instead of killing the process.
signal(SIGXFSZ, SIG_IGN)
exit(TagProjCLI.main(Array(CommandLine.arguments.dropFirst())))
