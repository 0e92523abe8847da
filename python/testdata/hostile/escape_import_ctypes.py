import ctypes
# raises: ModuleNotFoundError: No module named 'ctypes'
