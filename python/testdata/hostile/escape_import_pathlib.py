import pathlib
# raises: ModuleNotFoundError: No module named 'pathlib'
