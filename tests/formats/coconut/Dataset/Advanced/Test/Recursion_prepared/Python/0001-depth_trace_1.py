def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


if __name__ == "__main__":
    depth(2)
