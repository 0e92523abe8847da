from os import path
# raises: ModuleNotFoundError
