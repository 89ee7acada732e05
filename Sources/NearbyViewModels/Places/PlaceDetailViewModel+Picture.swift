import NearbyCore

extension PlaceDetailViewModel {
    /// Whom to credit under the picture, as one safe line.
    public var pictureCredit: String? { place.picture?.credit.map(DisplayText.oneLine) }

    /// Thumbnails are asked this wide: enough for a box of 80 columns (libchafa reads 8 pixels a cell).
    static let pictureWidth = 640

    /// The screen draws pictures: fetches the place's, once (a screen that draws none never asks the network).
    public func showPicture() {
        guard !wantsPicture else { return }
        wantsPicture = true
        fetchPicture()
    }

    /// Fetches the place's picture, where its source names one and pictures may be fetched; the details and
    /// the first frame never wait for it.
    func fetchPicture() {
        guard !tracker.isClosed, let fetcher = context.pictures else { return }
        guard let wanted = place.picture else {
            tracker.cancel(Self.pictureKey)
            picture.update(.none)
            return
        }
        picture.update(.loading)
        let width = Self.pictureWidth
        tracker.run(Self.pictureKey) { [weak self] in
            let outcome: Result<[UInt8], PictureFetchFailure>
            do throws(PictureFetchFailure) {
                outcome = .success(try await fetcher.bytes(of: wanted, width: width))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case .success(let bytes):
                self.picture.update(.loaded(key: "place:\(wanted.stored):\(PictureState.digest(bytes))", bytes: bytes))
            case .failure(.cancelled):
                self.picture.update(.none)
            case .failure(let failure):
                self.picture.update(.failed(failure.words))
            }
        }
    }
}
