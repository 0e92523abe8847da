import builtins
# raises: ModuleNotFoundError
