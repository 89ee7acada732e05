import NearbyCore

/// A fetcher that has every picture: a few bytes named after it (the render tests' painters draw any bytes).
struct EveryPictureFetcher: PictureFetching {
    func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8] {
        Array(picture.stored.utf8)
    }
}
