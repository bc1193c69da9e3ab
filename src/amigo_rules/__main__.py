"""``python -m amigo_rules``: the ``amigo-rules`` command line."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="amigo-rules")
