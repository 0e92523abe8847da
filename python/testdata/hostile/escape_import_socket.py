import socket
# raises: ModuleNotFoundError
