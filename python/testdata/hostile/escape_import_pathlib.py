import pathlib
# raises: ModuleNotFoundError
