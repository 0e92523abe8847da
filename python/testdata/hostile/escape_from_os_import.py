from os import path
# raises: ModuleNotFoundError: No module named 'os'
