import importlib
# raises: ModuleNotFoundError
