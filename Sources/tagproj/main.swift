import Glibc

exit(TagProjCLI.main(Array(CommandLine.arguments.dropFirst())))
