"""``python -m bureau ...`` runs the ``bureau`` command."""

from bureau.cli.main import main

if __name__ == "__main__":
    main()
