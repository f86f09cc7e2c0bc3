import Testing

// End-to-end CLI tests land with the command-line interface.
