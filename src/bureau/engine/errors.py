"""Errors the engine raises. Each message says what is wrong and what is allowed."""


class BureauError(Exception):
    """Base of every error Bureau raises on bad input."""


class IllegalAction(BureauError, ValueError):
    """An action that is malformed, or not legal in the current state.

    The state is unchanged when it is raised.
    """


class OptionError(BureauError, ValueError):
    """An unknown option, or a value the option does not allow."""


class RecordError(BureauError, ValueError):
    """A game record that cannot be read or replayed.

    ``index`` is the position of the failing action in the record's action
    list (None when the record itself is malformed).
    """

    def __init__(self, message: str, index: int | None = None, action: object = None):
        super().__init__(message)
        self.index = index
        self.action = action
