class Wallet:
    def __init__(self, cents):
        self.cents = cents

    def spend(self, cents):
        if cents > self.cents:
            return False
        self.cents -= cents
        return True


if __name__ == "__main__":
    w = Wallet(100)
    w.spend(300)
