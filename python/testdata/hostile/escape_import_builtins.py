import builtins
# raises: ModuleNotFoundError: No module named 'builtins'
