import importlib
# raises: ModuleNotFoundError: No module named 'importlib'
