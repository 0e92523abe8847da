import ctypes
# raises: ModuleNotFoundError
