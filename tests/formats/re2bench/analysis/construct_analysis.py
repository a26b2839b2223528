print("constructs")
