import threading
# raises: ModuleNotFoundError
