"""The engines and the host the tests run as programs are not test modules."""

collect_ignore = ["host.py", "hostile.py"]  # programs, not test modules
