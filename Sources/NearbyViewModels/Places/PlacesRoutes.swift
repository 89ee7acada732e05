import NearbyCore

extension PlacesListViewModel {
    /// The list another screen asks for (Home's "see all", a category chip): here is the request's centre.
    public convenience init(request: PlacesListRequest, context: PlacesContext) {
        var context = context
        context.here = request.center
        let subject: PlacesListSubject
        if let text = request.searchText, !text.isEmpty {
            subject = .search(text)
        } else if let category = request.category {
            subject = .category(category)
        } else {
            subject = .all
        }
        self.init(subject: subject, context: context, radius: request.radius)
    }
}

extension PlaceDetailViewModel {
    /// The detail another screen asks for, showing what it already knows of the place at once.
    public convenience init(request: PlaceDetailRequest, context: PlacesContext) {
        var context = context
        context.here = request.center
        self.init(hit: request.hit, context: context)
    }
}

extension HomeRoutes {
    /// Home's route to the places list, built with `context`.
    public static func placesList(context: PlacesContext) -> @MainActor (PlacesListRequest) -> ScreenModel? {
        { request in .placesList(PlacesListViewModel(request: request, context: context)) }
    }

    /// Home's route to a place's detail, built with `context`.
    public static func placeDetail(context: PlacesContext) -> @MainActor (PlaceDetailRequest) -> ScreenModel? {
        { request in .placeDetail(PlaceDetailViewModel(request: request, context: context)) }
    }
}

extension HomeRoutes {
    /// Home's route to the favourites, nearest to the given point first, built with `context`.
    public static func favourites(context: PlacesContext) -> @MainActor (Coordinate) -> ScreenModel? {
        { here in
            var context = context
            context.here = here
            return .favourites(FavouritesListViewModel(context: context))
        }
    }
}
