"""``python -m amigo_rules``: the ``amigo-rules`` command line (`amigo_rules.command`)."""

from .command import main

if __name__ == "__main__":
    main()
