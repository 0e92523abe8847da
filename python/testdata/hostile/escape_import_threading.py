import threading
# raises: ModuleNotFoundError: No module named 'threading'
