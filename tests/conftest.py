"""Settings every test shares."""

import signal

# Tests that send Ctrl-C (SIGINT) to a command they start expect the command to get it. A
# shell starts a background job with SIGINT ignored, and an ignored signal stays ignored in
# every process started from it: a suite run in the background would see those commands
# shrug Ctrl-C off. The processes the tests start get Python's own handler, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
