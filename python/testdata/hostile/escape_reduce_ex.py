(1).__reduce_ex__(2)
# raises: AttributeError
